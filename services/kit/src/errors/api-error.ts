import { ERRORS, type TErrorCode } from '@stageplein/contracts/errors/error-catalogue';

export type TErrorVars = Record<string, string | number>;
export type TErrorSource = { pointer?: string; parameter?: string };

/**
 * An error the API answers with: a code of the catalogue (contracts/src/errors/error-catalogue.ts),
 * whose status and nl/en texts it takes; the error handler renders it as a JSON:API error in the
 * caller's language. `status` overrides the catalogue's only where one code serves two situations.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: TErrorCode,
    readonly vars: TErrorVars = {},
    readonly source?: TErrorSource,
    status?: number,
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = status ?? ERRORS[code].status;
  }
}

export const notFound = (vars: Record<string, string> = {}) => new ApiError('not_found', vars);
export const forbidden = () => new ApiError('forbidden');
export const unauthorized = () => new ApiError('unauthorized');
export const badRequest = (parameter: string, vars: Record<string, string> = {}) =>
  new ApiError('bad_request', { parameter, ...vars }, { parameter });
