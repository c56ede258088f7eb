import { SchoolRecordsPage } from '../../ui/school-records.tsx';

/** GET/POST/PATCH/DELETE /api/v1/levels: the selected School's levels in their order. */
export function LevelList() {
  return <SchoolRecordsPage resource="levels" addLabel="admin.levels.add" withPosition />;
}
