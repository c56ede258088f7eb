import { hashToken, randomToken } from '../auth/token-hash.ts';

/**
 * "Mail a single-use link" for any service (identity's invitations, resets, sign-in links and account
 * deletion today; placements, content and signing later). It lives in kit because nothing in it depends
 * on a service's tables or templates: the caller says where the hash is stored (its own table, in the
 * use case's transaction) and how the mail reads, and passes its one mail port as `send`. The token
 * itself leaves only in the mail; at rest there is only its hash (see token-hash.ts).
 */

/** A token and the hash to store for it. */
export interface TIssuedToken {
  token: string;
  hash: string;
}

export function issueToken(): TIssuedToken {
  const token = randomToken();
  return { token, hash: hashToken(token) };
}

export interface TTokenMail<TMail> {
  /** Where the link leads; the token is added as query parameter `param`. */
  url: string;
  param: string;
  /** Saves the hash where the service looks the token up; omitted when the caller stored it already. */
  store?: ((tokenHash: string) => Promise<unknown>) | undefined;
  /** A token issued beforehand (bulk inserts that write the hash with the row); default a new one. */
  token?: TIssuedToken | undefined;
  /** The mail that carries the link. */
  compose(link: string): TMail;
}

/** Issues, stores and mails each token; all mails go to `send` at once (one write for bulk use cases). */
export async function mailSingleUseTokens<TMail>(
  send: (mails: readonly TMail[]) => Promise<void>,
  requests: readonly TTokenMail<TMail>[],
): Promise<void> {
  const mails: TMail[] = [];
  for (const request of requests) {
    const issued = request.token ?? issueToken();
    await request.store?.(issued.hash);
    mails.push(request.compose(withQuery(request.url, { [request.param]: issued.token })));
  }
  await send(mails);
}

/** Appends query parameters to a URL that may already have some. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
