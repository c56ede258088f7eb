import type { TPlacementsGroup } from '../shared/group.ts';
import { vacancySearchRoutes } from './vacancy-search.routes.ts';

/** The search of the internship bank: words, place and radius, filters (docs/decisions/vacancy-search.md). */
export const vacancySearchGroup: TPlacementsGroup = {
  name: 'vacancy-search',
  routes: [vacancySearchRoutes],
};
