import { vacancyFactTexts } from '@stageplein/contracts/placements/vacancy-facts';
import { useStagebankTexts } from './stagebank-texts.tsx';
import type { TVacancy } from './vacancy-api.ts';

/**
 * The facts of a vacancy a searcher compares: kind, organization, place, distance, hours, period (the
 * contract's texts; the gateway serves `/stagebank`'s cards with the same, services/gateway).
 */
export function VacancyFacts({
  vacancy,
  distanceKm,
  language,
}: {
  vacancy: TVacancy;
  distanceKm?: number | undefined;
  language: string;
}) {
  const t = useStagebankTexts();
  const { kind, facts } = vacancyFactTexts(vacancy, distanceKm, language, (key, vars) =>
    t(key, vars as Record<string, unknown>),
  );
  return (
    <div className="vacancy-facts">
      <span className="badge badge--inline">{kind}</span>
      <ul className="vacancy-facts__list">
        {facts.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </div>
  );
}

export { formatVacancyDate } from '@stageplein/contracts/placements/vacancy-facts';
