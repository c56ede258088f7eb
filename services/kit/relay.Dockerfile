# The outbox relay as its own container (distributed profile): every service schema's outbox → Kafka.
# Build context: the repo root. Relays may run side by side (rows are claimed per aggregate).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm install --ignore-scripts --no-audit --no-fund
USER node
ENV NODE_ENV=production PORT=3009
EXPOSE 3009
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3009/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM finishes the batch in flight: a claimed row is either marked sent or left for another relay.
STOPSIGNAL SIGTERM
# The V8 flags of infra/scripts/node-flags.mjs (why: see there).
CMD ["node", "--max-semi-space-size=64", "--no-allocation-site-pretenuring", "--import", "tsx", "services/kit/src/runtime/relay-server.ts"]
