import type { TSelfFoundOrganizationState } from '@stageplein/contracts/placements/self-found';

/** A self-found internship's details beyond the internship row (migration 20261204T1000-self-found). */
export interface TSelfFoundInternshipsTable {
  internship_id: string;
  tenant_id: string;
  organization_address: string;
  organization_postcode: string;
  organization_city: string;
  organization_website: string | null;
  /** The student's language when they submitted: the contact's invitation is written in it. */
  locale: 'nl' | 'en';
  organization_state: TSelfFoundOrganizationState;
  created_at: Date;
}
