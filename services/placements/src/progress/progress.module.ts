import type { TPlacementsGroup } from '../shared/group.ts';
import { progressRoutes } from './progress.routes.ts';

/** The school's and mentor's view of how internships go: hours, evaluations, behind (docs/decisions/progress.md). */
export const progressGroup: TPlacementsGroup = {
  name: 'progress',
  routes: [progressRoutes],
};
