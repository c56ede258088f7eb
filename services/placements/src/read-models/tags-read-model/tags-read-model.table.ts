/** Organizations' tags in placements (migration 20261230T1000-tags-read-model). */
export interface TTagsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  name: string;
  deleted: boolean;
  event_time: Date;
}
