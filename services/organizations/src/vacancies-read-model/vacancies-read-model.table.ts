import type { TVacancyKind } from '@stageplein/contracts/placements/vacancies';

/** The placements service's vacancies, latest snapshot of each (migration 20261201T0900). */
export interface TVacanciesTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  title: string;
  kind: TVacancyKind;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  places: number;
  hours_per_week: number | null;
  starts_on: string | null;
  ends_on: string | null;
  published_at: Date | null;
  closes_at: Date | null;
  /** Published and not hidden: what `include=vacancies` shows. */
  public: boolean;
  event_time: Date;
}
