import type { TPlacementsGroup } from '../shared/group.ts';
import { vacanciesRoutes } from './vacancies.routes.ts';
import { seedVacancies } from './vacancies.seed.ts';
import type { TVacanciesTable } from './vacancies.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.vacancies': TVacanciesTable;
  }
}

/** Vacancies: drafts, publishing, moderation, closing (docs/decisions/placements.md). */
export const vacanciesGroup: TPlacementsGroup = {
  name: 'vacancies',
  routes: [vacanciesRoutes],
  seed: seedVacancies,
};
