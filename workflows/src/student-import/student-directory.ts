import type { FastifyInstance } from 'fastify';
import {
  ZStudentBulkUpsertResult,
  type TStudentBulkUpsertResult,
} from '@stageplein/contracts/imports/student-import';
import { TENANT_HEADER } from '@stageplein/contracts/http/headers';
import { signServiceToken } from '@stageplein/kit/auth/service-token';
import type { TStudentDirectory } from '@stageplein/organizations/activities';

const PATH = '/internal/v1/students/bulk_upsert';

/** A non-2xx answer; 4xx other than 408/429 will not get better by retrying. */
export class IdentityCallError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`identity ${PATH} answered ${status}: ${body.slice(0, 500)}`);
    this.name =
      status >= 400 && status < 500 && status !== 408 && status !== 429
        ? 'IdentityRejected'
        : 'IdentityUnavailable';
  }
}

function checked(status: number, body: string): TStudentBulkUpsertResult {
  if (status !== 200) throw new IdentityCallError(status, body);
  return ZStudentBulkUpsertResult.parse(JSON.parse(body));
}

/** Identity over HTTP (distributed profile, and a worker in its own process). */
export function httpStudentDirectory(baseUrl: string, secret: string): TStudentDirectory {
  return {
    async bulkUpsert(tenant, body) {
      const res = await fetch(new URL(PATH, baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TENANT_HEADER]: tenant,
          authorization: `Bearer ${signServiceToken('workflows', tenant, secret)}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      return checked(res.status, await res.text());
    },
  };
}

/** Identity in this process (embedded profile): the same route, schemas and auth, without a socket. */
export function inProcessStudentDirectory(app: FastifyInstance, secret: string): TStudentDirectory {
  return {
    async bulkUpsert(tenant, body) {
      const res = await app.inject({
        method: 'POST',
        url: PATH,
        headers: {
          [TENANT_HEADER]: tenant,
          authorization: `Bearer ${signServiceToken('workflows', tenant, secret)}`,
        },
        payload: body,
      });
      return checked(res.statusCode, res.body);
    },
  };
}
