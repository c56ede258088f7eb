# The outbox relay (every service schema's outbox → Kafka; relays may run side by side, rows
# are claimed per aggregate):
# its own container in the distributed profile. Build context: the repo root.
# The pattern every image shares (install, then sources, then only what the process needs, non-root):
# docs/deploy.md "Images".
ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim
# The build stages' base: the same Node (a build may add what only building needs, e.g. a CA bundle).
ARG BUILD_IMAGE=$NODE_IMAGE

FROM $BUILD_IMAGE AS build
WORKDIR /src
# The install layer: only the manifests, so a source edit reuses it. Every workspace's manifest, as
# `npm ci` installs the lockfile's whole tree; app-closure.mjs takes from it what the process needs.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/organizations/package.json services/organizations/
COPY services/content/package.json services/content/
COPY services/placements/package.json services/placements/
COPY services/gateway/package.json services/gateway/
COPY workflows/package.json workflows/
COPY infra/engines/package.json infra/engines/
COPY infra/stack/package.json infra/stack/
COPY infra/testing/package.json infra/testing/
COPY design-system/package.json design-system/
COPY admin-ui/package.json admin-ui/
COPY portal-ui/package.json portal-ui/
RUN npm ci --ignore-scripts --no-audit --no-fund && rm -rf /root/.npm
COPY . .
RUN node infra/images/app-closure.mjs /app services/kit/src/runtime/relay-server.ts

FROM $NODE_IMAGE
WORKDIR /app
# Owned by root: the process (user node) can read its files but not change them.
COPY --from=build /app /app
USER node
ENV NODE_ENV=production PORT=3009
EXPOSE 3009
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM finishes the batch in flight: a claimed row is either marked sent or left for another relay.
STOPSIGNAL SIGTERM
# The V8 flags of infra/scripts/node-flags.mjs (why: see there).
CMD ["node", "--max-semi-space-size=64", "--no-allocation-site-pretenuring", "--import", "tsx", "services/kit/src/runtime/relay-server.ts"]
