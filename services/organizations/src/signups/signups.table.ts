/**
 * Who applied for a self-registered organization: shown to moderators in the approval queue and used
 * to catch a second signup by the same applicant. The account itself is identity's (invited user).
 */
export interface TSignupsTable {
  organization_id: string;
  tenant_id: string;
  admin_email: string;
  admin_first_name: string;
  admin_last_name: string;
  locale: 'nl' | 'en';
  created_at: Date;
}
