import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAGISTER_PAGE_SIZE,
  MAGISTER_PATHS,
  type TMagisterClass,
  type TMagisterStudent,
} from '@stageplein/contracts/imports/roster';

/**
 * A local stand-in for a school's Magister (an external system Stageplein does not run): the shape of
 * the roster interface docs/integrations/magister.md describes — a client-credentials token, then the
 * students and classes as paged JSON (`skip`/`top`, `totalCount`) — with what tests need to provoke:
 * rate limits (429 + Retry-After), failures (5xx) and refusals (401). It is not Magister; it checks our
 * adapter against the shape we read.
 */
export interface TMagisterStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The roster it serves; tests change it between syncs. */
  students: TMagisterStudent[];
  classes: TMagisterClass[];
  /** Answers still to give instead of the next list requests (then back to normal). */
  faults: { status: number; retryAfter?: string }[];
  /** Every request's path and query, in order. */
  requests: string[];
  /** Largest page it gives, whatever `top` asks. */
  maxPageSize: number;
  close(): Promise<void>;
}

export async function startMagisterStandIn(
  options: { students?: TMagisterStudent[]; classes?: TMagisterClass[]; maxPageSize?: number } = {},
): Promise<TMagisterStandIn> {
  const tokens = new Set<string>();
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
      if (form.get('client_id') !== s.clientId || form.get('client_secret') !== s.clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      const token = `t${tokens.size + 1}-${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const list =
      url.pathname === MAGISTER_PATHS.students
        ? s.students
        : url.pathname === MAGISTER_PATHS.classes
          ? s.classes
          : null;
    if (req.method !== 'GET' || !list) return json(res, 404, { error: 'not_found' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(res, 401, { error: 'invalid_token' });
    const fault = s.faults.shift();
    if (fault)
      return json(
        res,
        fault.status,
        { error: 'fault' },
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const top = Math.min(Number(url.searchParams.get('top') ?? MAGISTER_PAGE_SIZE), s.maxPageSize);
    return json(res, 200, { totalCount: list.length, items: list.slice(skip, skip + top) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const s: TMagisterStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: 'stageplein',
    clientSecret: 'stand-in-secret',
    students: options.students ?? [],
    classes: options.classes ?? [],
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
