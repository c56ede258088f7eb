/** The tenant's organizations as far as content needs them: whose admins edit (type, status). */
export interface TOrganizationsTable {
  id: string;
  tenant_id: string;
  type: string;
  status: string;
  updated_at: Date;
}
