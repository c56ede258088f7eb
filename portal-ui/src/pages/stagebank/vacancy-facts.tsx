import { useStagebankTexts } from './stagebank-texts.tsx';
import { vacancyPlace, type TVacancy } from './vacancy-api.ts';

const date = (iso: string, language: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00`).toLocaleDateString(language === 'en' ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** The facts of a vacancy a searcher compares: kind, organization, place, distance, hours, period. */
export function VacancyFacts({
  vacancy: v,
  distanceKm,
  language,
}: {
  vacancy: TVacancy;
  distanceKm?: number | undefined;
  language: string;
}) {
  const t = useStagebankTexts();
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
      ? t('period', { start: date(v.startsOn, language), end: date(v.endsOn, language) })
      : v.startsOn
        ? t('startsOn', { start: date(v.startsOn, language) })
        : undefined,
  ].filter((f): f is string => !!f);
  return (
    <div className="vacancy-facts">
      <span className="badge badge--inline">{t(`kinds.${v.kind}`, { defaultValue: v.kind })}</span>
      <ul className="vacancy-facts__list">
        {facts.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </div>
  );
}

export { date as formatVacancyDate };
