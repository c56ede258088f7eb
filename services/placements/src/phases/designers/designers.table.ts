/** A mentor of a school granted the workflow designer permission by a school admin. */
export interface TWorkflowDesignersTable {
  tenant_id: string;
  school_id: string;
  user_id: string;
  granted_by: string | null;
  created_at: Date;
}
