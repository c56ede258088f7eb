import { errorStatus } from '@stageplein/contracts/client/error-reporter';
import { errorScreenFor } from '@stageplein/contracts/errors/error-catalogue';

/** Spec §8: which catalogue texts an error screen shows. */
export interface TErrorTexts {
  titleKey: string;
  bodyKey: string;
  /** Status code to append ("(error code: N)") on the generic screen. */
  code?: number;
}

/** The HTTP-like status carried by an error, if any (route error responses, Responses, API errors). */
export const statusOf = errorStatus;

/** The text an error carries (message, status text, data), for the wrong-centre check. */
export function messageOf(error: unknown): string {
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

/** Spec §8 via the contracts catalogue: the wrong-centre message wins, then the status. */
export function errorTexts(error: unknown): TErrorTexts {
  const screen = errorScreenFor(statusOf(error), messageOf(error));
  const texts: TErrorTexts = { titleKey: screen.titleKey, bodyKey: screen.bodyKey };
  if (screen.vars?.code !== undefined) texts.code = screen.vars.code;
  return texts;
}
