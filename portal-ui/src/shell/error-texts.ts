/** Spec §8: which catalogue texts an error screen shows. */
export interface TErrorTexts {
  titleKey: string;
  bodyKey: string;
  /** Status code to append ("(error code: N)") on the generic screen. */
  code?: number;
}

/** The HTTP-like status carried by an error, if any (route error responses, Responses, API errors). */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599
    ? value
    : undefined;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const { message, statusText, data } = error as {
      message?: unknown;
      statusText?: unknown;
      data?: unknown;
    };
    return [message, statusText, data].filter((x) => typeof x === 'string').join(' ');
  }
  return '';
}

export function errorTexts(error: unknown): TErrorTexts {
  if (/wrong center/i.test(messageOf(error))) {
    return { titleKey: 'errors.wrongCenter.title', bodyKey: 'errors.wrongCenter.body' };
  }
  const status = statusOf(error);
  switch (status) {
    case 401:
      return { titleKey: 'errors.unauthorized.title', bodyKey: 'errors.unauthorized.body' };
    case 403:
      return { titleKey: 'errors.forbidden.title', bodyKey: 'errors.forbidden.body' };
    case 404:
      return { titleKey: 'errors.notFound.title', bodyKey: 'errors.notFound.body' };
    default:
      return status === undefined
        ? { titleKey: 'errors.generic.title', bodyKey: 'errors.generic.body' }
        : { titleKey: 'errors.generic.title', bodyKey: 'errors.generic.body', code: status };
  }
}
