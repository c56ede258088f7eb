import type { TStagebankVars } from './stagebank-messages.ts';

/**
 * The facts of a vacancy a searcher compares (kind, organization, place, distance, hours, places,
 * period) as texts: one rule for the portal's result cards and vacancy page and the gateway's served
 * `/stagebank`, so both say the same. Zod-free (the portal's bank chunk).
 */

/** `t` of the `stagebank` texts (i18next's in the portal, `stagebankText` in the gateway). */
export type TStagebankTranslate = (key: string, vars?: TStagebankVars) => string;

export interface TVacancyFactsOf {
  kind: string;
  organizationName: string | null;
  city: string | null;
  hoursPerWeek?: number | null | undefined;
  places: number;
  startsOn: string | null;
  endsOn: string | null;
}

/** "Wijchen" or "Dorpsstraat 1, 6602 AB Wijchen": what a person reads as the address. */
export function vacancyPlace(v: {
  street: string | null;
  postcode: string | null;
  city: string | null;
}): string {
  const town = [v.postcode, v.city].filter(Boolean).join(' ');
  return [v.street, town].filter(Boolean).join(', ');
}

/** A date (YYYY-MM-DD…) as "1 februari 2027" / "1 February 2027" (noon: no time zone moves the day). */
export const formatVacancyDate = (iso: string, language: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00`).toLocaleDateString(language === 'en' ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** The kind's badge and the list of facts, in the page's language. */
export function vacancyFactTexts(
  v: TVacancyFactsOf,
  distanceKm: number | undefined,
  language: string,
  t: TStagebankTranslate,
): { kind: string; facts: string[] } {
  const place = vacancyPlace({ street: null, postcode: null, city: v.city });
  const facts = [
    v.organizationName,
    place,
    distanceKm !== undefined ? t('distance', { km: Math.round(distanceKm * 10) / 10 }) : undefined,
    v.hoursPerWeek !== null && v.hoursPerWeek !== undefined
      ? t('hoursPerWeek', { hours: v.hoursPerWeek })
      : undefined,
    v.places ? t('places', { count: v.places }) : undefined,
    v.startsOn && v.endsOn
      ? t('period', {
          start: formatVacancyDate(v.startsOn, language),
          end: formatVacancyDate(v.endsOn, language),
        })
      : v.startsOn
        ? t('startsOn', { start: formatVacancyDate(v.startsOn, language) })
        : undefined,
  ].filter((f): f is string => !!f);
  return { kind: t(`kinds.${v.kind}`, { defaultValue: v.kind }), facts };
}
