import type { TApiRequest } from '@stageplein/contracts/client/api-client';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/http/headers';

/**
 * A request made with an action link's token (a supervisor without an account: hours, evaluations,
 * assignments): no stored credentials, the token in its header. `raw` keeps the answer's keys as sent
 * (form answers and definitions, whose keys are data).
 */
export const linkRequest = (token: string, options: Pick<TApiRequest, 'raw' | 'signal'> = {}) =>
  ({ ...options, authenticate: false, headers: { [EXTERNAL_LINK_HEADER]: token } }) satisfies TApiRequest;
