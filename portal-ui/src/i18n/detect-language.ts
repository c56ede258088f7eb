import { detectLanguage, LOCALE_COOKIE, type TLanguage } from '@stageplein/contracts/i18n/index';
import { readCookie } from '@stageplein/contracts/client/cookies';

/** Spec §4: the `locale` cookie, then the browser's languages, then Dutch. */
export function detectPortalLanguage(input: {
  cookies: string | null | undefined;
  languages: readonly string[] | undefined;
  language?: string | undefined;
}): TLanguage {
  const browserLanguages = input.languages?.length ? input.languages : input.language ? [input.language] : [];
  return detectLanguage({ cookie: readCookie(input.cookies, LOCALE_COOKIE), browserLanguages });
}
