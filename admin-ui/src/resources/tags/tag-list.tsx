import { SchoolRecordsPage } from '../../ui/school-records.tsx';

/** GET/POST/PATCH/DELETE /api/v1/tags: the selected School's tags. */
export function TagList() {
  return <SchoolRecordsPage resource="tags" addLabel="admin.tags.add" />;
}
