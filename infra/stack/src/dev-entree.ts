import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { demoSchoolBrin } from '@stageplein/contracts/identity/education-sso';
import { EDUCATION_SSO_CALLBACK_PATH } from '@stageplein/contracts/identity/education-sso';
import { demoEmail } from '@stageplein/identity';

/**
 * A local OpenID provider standing in for the education federation (Kennisnet's Entree), development
 * and tests only, like the development mailbox: `npm start` runs it so the whole Kennisnet sign-in can
 * be tried on every tenant, and the tests sign in through it (never a mocked client). It is the
 * certified `oidc-provider` package with Entree's attributes as claims and, per tenant, a few school
 * identities of that tenant's demo School (its BRIN, `demoSchoolBrin`): the page that stands for the
 * school's sign-in lets one choose who signs in.
 */

export interface TDevEntreeIdentity {
  /** `<tenant>:<key>`, the provider's account id. */
  id: string;
  tenant: string;
  label: string;
  claims: Record<string, string | string[]>;
}

export const DEV_ENTREE_CLIENT = { client_id: 'stageplein', client_secret: 'stageplein-dev-entree' };

/** The seeded school identities of one tenant (the keys tests and the chooser use). */
export function devEntreeIdentities(tenant: string): TDevEntreeIdentity[] {
  const brin = demoSchoolBrin(tenant);
  const school = { nlEduPersonHomeOrganizationId: brin, nlEduPersonHomeOrganization: `School (${brin})` };
  const realm = `${tenant}-school`;
  const person = (
    key: string,
    label: string,
    claims: Record<string, string | string[]>,
  ): TDevEntreeIdentity => ({
    id: `${tenant}:${key}`,
    tenant,
    label,
    claims: { uid: `${key}-${tenant}@${realm}`, ...claims },
  });
  return [
    person('nieuwe-leerling', 'Nieuwe leerling (nog geen account; de school maakt er een aan)', {
      ...school,
      eduPersonAffiliation: 'student',
      givenName: 'Nina',
      sn: 'Nieuw',
      eckId: `https://ketenid.nl/201703/${tenant}-nina`,
    }),
    person('leerling', `Sam Student (heeft al een account: ${demoEmail('student', tenant)})`, {
      ...school,
      eduPersonAffiliation: 'student',
      givenName: 'Sam',
      sn: 'Student',
      mail: demoEmail('student', tenant),
      nlEduPersonRealId: `sam@${realm}`,
    }),
    person('docent', `Mila Mentor, docent (heeft al een account: ${demoEmail('mentor', tenant)})`, {
      ...school,
      eduPersonAffiliation: ['employee', 'staff'],
      givenName: 'Mila',
      sn: 'Mentor',
      mail: demoEmail('mentor', tenant),
    }),
    person('geen-brin', 'Leerling van wie de school het BRIN-nummer niet vrijgeeft', {
      eduPersonAffiliation: 'student',
      givenName: 'Bo',
    }),
    person('onbekende-school', 'Leerling van een school die dit platform niet gebruikt', {
      nlEduPersonHomeOrganizationId: '99ZZ',
      nlEduPersonHomeOrganization: 'Onbekende school',
      eduPersonAffiliation: 'student',
      givenName: 'Ivo',
    }),
  ];
}

const ALL = new Map(TENANT_IDS.flatMap((t) => devEntreeIdentities(t)).map((i) => [i.id, i]));

/** The tenant a redirect URI belongs to (`<tenant>.localhost`; plain localhost is the default tenant). */
function tenantOfRedirect(uri: string | undefined): string {
  if (!uri || !URL.canParse(uri)) return TENANT_IDS[0];
  const label = new URL(uri).hostname.split('.')[0]!;
  return (TENANT_IDS as readonly string[]).includes(label) ? label : TENANT_IDS[0];
}

/** Any port of this machine's names, the callback path only: the product's own websites. */
function isLocalCallback(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return (
    url.protocol === 'http:' &&
    /^(([a-z0-9-]+\.)?localhost|127\.0\.0\.1)$/.test(url.hostname) &&
    url.pathname === EDUCATION_SSO_CALLBACK_PATH &&
    !url.search
  );
}

const ENTREE_CLAIMS = [
  'uid',
  'nlEduPersonHomeOrganizationId',
  'nlEduPersonHomeOrganization',
  'eduPersonAffiliation',
  'givenName',
  'sn',
  'mail',
  'nlEduPersonRealId',
  'eckId',
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;text-align:left;border:1px solid #555;border-radius:.375rem;background:#fff;color:#1a1a1a;cursor:pointer}h2{font-size:1.05rem;margin-top:1.5rem}p{line-height:1.4}</style></head>
<body><main>${body}</main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export interface TDevEntree {
  issuer: string;
  /** EDUCATION_SSO's value serving every tenant through this provider. */
  configValue: string;
  stop(): Promise<void>;
}

/** Starts the stand-in on `port` (0: any free one) of 127.0.0.1; its issuer is `http://localhost:<port>`. */
export async function startDevEntree(options: { port?: number } = {}): Promise<TDevEntree> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-entree', alg: 'RS256', use: 'sig' };

  const policy = interactionPolicy.base();
  // Every sign-in shows the chooser, so one browser can try each identity in turn.
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'choose_identity',
        'a school identity must be chosen',
        (ctx) => ctx.oidc.result?.login === undefined,
      ),
    );

  const configuration: Configuration = {
    clients: [
      {
        ...DEV_ENTREE_CLIENT,
        redirect_uris: [`http://localhost${EDUCATION_SSO_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    scopes: ['openid', 'entree'],
    claims: { openid: ['sub'], entree: ENTREE_CLAIMS },
    // The federation's attributes in the ID token itself (validated by the client), as well as userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const identity = ALL.get(id);
      if (!identity) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...identity.claims }) };
    },
    // The schools' release policies stand in for consent: nobody is asked.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client!.clientId,
        accountId: session!.accountId!,
      });
      grant.addOIDCScope('openid entree');
      await grant.save();
      session!.grantIdFor(client!.clientId, grant.jti);
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Fout',
        `<h1>Fout</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  const allowed = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: unknown, uri: string) {
    return isLocalCallback(uri) || allowed.call(this, uri);
  };
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/choose)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'POST' && match[2]) {
        const id = (await formBody(req)).get('identity') ?? '';
        if (!ALL.has(id)) throw new Error('unknown identity');
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: id, remember: false } },
          {
            mergeWithLastSubmission: false,
          },
        );
        return;
      }
      const own = tenantOfRedirect(details.params.redirect_uri as string | undefined);
      const other = TENANT_IDS.find((t) => t !== own)!;
      const button = (i: TDevEntreeIdentity) =>
        `<button type="submit" name="identity" value="${escapeHtml(i.id)}" data-identity="${escapeHtml(i.id)}">${escapeHtml(i.label)}</button>`;
      const action = `/interaction/${escapeHtml(details.uid)}/choose`;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(
        page(
          'Entree (lokaal)',
          `<h1>Entree — lokale testversie</h1>
<p>Dit staat in voor het inloggen bij je school via Kennisnet (alleen in de ontwikkelomgeving). Kies wie inlogt.</p>
<form method="post" action="${action}">
<h2>School van ${escapeHtml(own)} (BRIN ${escapeHtml(demoSchoolBrin(own))})</h2>
${devEntreeIdentities(own).map(button).join('\n')}
<h2>School van een andere website (${escapeHtml(other)})</h2>
${button(devEntreeIdentities(other)[0]!)}
</form>`,
        ),
      );
    })().catch((error: unknown) => {
      if (!res.headersSent) {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
      }
      res.end(`dev entree: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  return {
    issuer,
    configValue: JSON.stringify({ '*': { issuer, ...DEV_ENTREE_CLIENT } }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
