/** An error with a catalogue code; the error handler turns it into a localized JSON:API error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly vars: Record<string, string | number> = {},
    readonly source?: { pointer?: string; parameter?: string },
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notFound = (vars: Record<string, string> = {}) => new ApiError(404, 'not_found', vars);
export const forbidden = () => new ApiError(403, 'forbidden');
export const unauthorized = () => new ApiError(401, 'unauthorized');
export const badRequest = (parameter: string, vars: Record<string, string> = {}) =>
  new ApiError(400, 'bad_request', { parameter, ...vars }, { parameter });
