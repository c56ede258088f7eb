import pg from 'pg';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { demoEmail } from '@stageplein/identity';
import { sealSecret } from '@stageplein/organizations/roster-sources/roster-secret';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAGISTER_PAGE_SIZE,
  MAGISTER_PATHS,
  type TMagisterClass,
  type TMagisterStudent,
} from '@stageplein/contracts/imports/roster';
import {
  ZMagisterInternshipRecord,
  type TMagisterInternshipRecord,
} from '@stageplein/contracts/imports/magister-write-back';

/**
 * A local stand-in for a school's Magister (an external system Stageplein does not run): the shape of
 * the roster interface docs/decisions/workflows.md describes — a client-credentials token, then the
 * students and classes as paged JSON (`skip`/`top`, `totalCount`), and the write-back's write side (an
 * internship record per student, `PUT` by our id: docs/decisions/write-back.md) — with what tests need to provoke:
 * rate limits (429 + Retry-After), failures (5xx) and refusals (401). It is not Magister; it checks our
 * adapter against the shape we read. Development and tests only, like the development mailbox:
 * `npm start` runs one with a roster per tenant (`startDevMagister`).
 */
export interface TMagisterStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The roster it serves; tests change it between syncs. */
  students: TMagisterStudent[];
  classes: TMagisterClass[];
  /** Other schools' clients (client id → secret and roster): a token then reads that roster. */
  schools: Map<string, { secret: string; students: TMagisterStudent[]; classes: TMagisterClass[] }>;
  /**
   * The write side (the write-back): internship records by `<stamnummer>/<internship id>`, as the last
   * `PUT /api/leerlingen/{stamnummer}/stages/{id}` left them; `writes` counts every accepted PUT.
   */
  internships: Map<string, TMagisterInternshipRecord>;
  writes: number;
  /** Answers still to give instead of the next list or write requests (then back to normal). */
  faults: { status: number; retryAfter?: string }[];
  /** Every request's path and query, in order. */
  requests: string[];
  /** Largest page it gives, whatever `top` asks. */
  maxPageSize: number;
  close(): Promise<void>;
}

export async function startMagisterStandIn(
  options: {
    students?: TMagisterStudent[];
    classes?: TMagisterClass[];
    maxPageSize?: number;
    /** Listen on this port (default: any free one). */
    port?: number;
  } = {},
): Promise<TMagisterStandIn> {
  /** Token → the client it was given to. */
  const tokens = new Map<string, string>();
  const body = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text;
  };
  const json = (
    res: ServerResponse,
    status: number,
    value: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    s.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method === 'POST' && url.pathname === MAGISTER_PATHS.token) {
      const form = new URLSearchParams(await body(req));
      if (form.get('grant_type') !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      const client = form.get('client_id') ?? '';
      const secret = client === s.clientId ? s.clientSecret : s.schools.get(client)?.secret;
      if (secret === undefined || form.get('client_secret') !== secret)
        return json(res, 401, { error: 'invalid_client' });
      const token = `t${tokens.size + 1}-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, client);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const roster = bearer && tokens.has(bearer) ? (s.schools.get(tokens.get(bearer)!) ?? s) : undefined;
    /** A fault still to give is the answer instead (lists and writes alike): true when it was given. */
    const faulted = () => {
      const fault = s.faults.shift();
      if (!fault) return false;
      json(
        res,
        fault.status,
        { error: 'fault' },
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
      return true;
    };
    const write = /^\/api\/leerlingen\/([^/]+)\/stages\/([^/]+)$/.exec(url.pathname);
    if (write && req.method === 'PUT') {
      if (!roster) return json(res, 401, { error: 'invalid_token' });
      if (faulted()) return;
      const studentNumber = decodeURIComponent(write[1]!);
      if (!roster.students.some((st) => st.stamnummer === studentNumber))
        return json(res, 404, { error: 'leerling_not_found' });
      let parsed;
      try {
        parsed = ZMagisterInternshipRecord.safeParse(JSON.parse(await body(req)));
      } catch {
        return json(res, 400, { error: 'invalid_json' });
      }
      if (!parsed.success) return json(res, 422, { error: 'invalid_record' });
      const key = `${studentNumber}/${decodeURIComponent(write[2]!)}`;
      const created = !s.internships.has(key);
      s.internships.set(key, parsed.data);
      s.writes += 1;
      return json(res, created ? 201 : 200, { id: key, ...parsed.data });
    }
    const list =
      url.pathname === MAGISTER_PATHS.students
        ? (roster?.students ?? [])
        : url.pathname === MAGISTER_PATHS.classes
          ? (roster?.classes ?? [])
          : null;
    if (req.method !== 'GET' || !list) return json(res, 404, { error: 'not_found' });
    if (!roster) return json(res, 401, { error: 'invalid_token' });
    if (faulted()) return;
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const top = Math.min(Number(url.searchParams.get('top') ?? MAGISTER_PAGE_SIZE), s.maxPageSize);
    return json(res, 200, { totalCount: list.length, items: list.slice(skip, skip + top) });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const s: TMagisterStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: 'stageplein',
    clientSecret: 'stand-in-secret',
    students: options.students ?? [],
    classes: options.classes ?? [],
    schools: new Map(),
    internships: new Map(),
    writes: 0,
    faults: [],
    requests: [],
    maxPageSize: options.maxPageSize ?? MAGISTER_PAGE_SIZE,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  return s;
}

/** `n` students in classes 1A–4D (havo/vwo), each class with a mentor; `offset` shifts the numbers. */
export function magisterRoster(n: number, options: { offset?: number; domain?: string } = {}) {
  const domain = options.domain ?? 'import.test';
  const students: TMagisterStudent[] = [];
  for (let i = 0; i < n; i++) {
    const k = i + (options.offset ?? 0);
    students.push({
      stamnummer: `LL${100000 + k}`,
      roepnaam: `Leerling${k}`,
      tussenvoegsel: k % 3 === 0 ? 'van' : null,
      achternaam: `Achternaam ${k}`,
      emailadres: `leerling${k}@${domain}`,
      klas: `${1 + (k % 4)}${'ABCD'[k % 4]}`,
      studie: k % 2 ? 'vwo' : 'havo',
    });
  }
  const classes: TMagisterClass[] = [1, 2, 3, 4].map((y, i) => ({
    code: `${y}${'ABCD'[i]}`,
    studie: i % 2 ? 'vwo' : 'havo',
    mentoren: [{ code: `M${y}`, naam: `Mentor ${y}`, emailadres: `mentor${y}@${domain}` }],
  }));
  return { students, classes };
}

/** The client id and secret of a tenant's School at `npm start`'s Magister stand-in. */
export const devMagisterClient = (tenant: string) => ({
  clientId: `stageplein-${tenant}`,
  clientSecret: `dev-magister-${tenant}`,
});

/** The demo student's student number at `npm start`'s Magister and in the School's enrolments. */
export const DEV_DEMO_STUDENT_NUMBER = 'LL099999';

/**
 * `npm start`'s Magister (dev only): the stand-in with a roster of 24 students in classes 1A-4D for each
 * tenant's School, each tenant with its own addresses (`leerling<n>@<tenant>.magister.test`: addresses
 * are unique across tenants), and the tenant's demo student, whose completed internship the write-back
 * (/terugschrijven) then sends.
 */
export async function startDevMagister(tenants: readonly string[], port: number) {
  const standIn = await startMagisterStandIn({ port });
  for (const tenant of tenants) {
    const { clientId, clientSecret } = devMagisterClient(tenant);
    const roster = magisterRoster(24, { domain: `${tenant}.magister.test` });
    roster.students.push({
      stamnummer: DEV_DEMO_STUDENT_NUMBER,
      roepnaam: 'Sam',
      tussenvoegsel: null,
      achternaam: 'Student',
      emailadres: demoEmail('student', tenant),
      klas: '3C',
      studie: 'havo',
    });
    standIn.schools.set(clientId, { secret: clientSecret, ...roster });
  }
  return standIn;
}

/**
 * Gives every tenant's School a Magister connection to `npm start`'s stand-in (no nightly sync), so
 * /importeren/magister works out of the box, and its demo student the student number the stand-in knows
 * (as a roster import would), so /terugschrijven sends. Idempotent; a connection an admin set up
 * otherwise is left alone (only the stand-in's own client is brought up to date, e.g. after
 * DEV_MAGISTER_PORT changed), and so is an enrolment the school already has.
 */
export async function seedDevMagisterConnections(
  ownerUrl: string,
  options: { url: string; tenants: readonly string[]; authSecret: string },
): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    for (const tenant of options.tenants) {
      const { clientId, clientSecret } = devMagisterClient(tenant);
      await client.query('begin');
      await client.query(`select set_config('app.tenant_id', $1, true)`, [tenant]);
      await client.query(
        `insert into organizations.roster_connections (tenant_id, school_id, kind, base_url, client_id,
           secret_sealed, nightly, updated_by, created_at, updated_at)
         select $1, $2, 'magister', $3, $4, $5, false, u.id, now(), now()
         from identity.users u where lower(u.email) = $6
         on conflict (school_id, kind) do update set base_url = excluded.base_url,
           secret_sealed = excluded.secret_sealed, updated_at = excluded.updated_at
         where roster_connections.client_id = excluded.client_id`,
        [
          tenant,
          seedOrganizationId(tenant, 'school'),
          options.url,
          clientId,
          sealSecret(clientSecret, options.authSecret),
          demoEmail('admin', tenant),
        ],
      );
      await client.query(
        `insert into organizations.student_enrolments (tenant_id, school_id, student_id, student_number,
           created_at, updated_at)
         select $1, $2, u.id, $3, now(), now() from identity.users u where lower(u.email) = $4
         on conflict do nothing`,
        [tenant, seedOrganizationId(tenant, 'school'), DEV_DEMO_STUDENT_NUMBER, demoEmail('student', tenant)],
      );
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
}
