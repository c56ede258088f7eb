import { useSearchParams } from 'react-router';

/** Statuses this page can fail with (`?status=`); 500 by default. */
const STATUSES = new Set([401, 403, 404, 500, 502, 503]);

/**
 * `/test/server-error`: fails like a server error, to see the spec §8 error screen
 * (`?status=401|403|404|500|502|503`, `?wrong-center` for the wrong-website screen).
 */
export function ServerErrorTestPage(): never {
  const [params] = useSearchParams();
  const requested = Number(params.get('status'));
  const status = STATUSES.has(requested) ? requested : 500;
  const message = params.has('wrong-center') ? 'Test: wrong center' : `Test: server error ${status}`;
  throw Object.assign(new Error(message), { status });
}
