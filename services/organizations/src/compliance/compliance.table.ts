import type { ColumnType, Generated } from 'kysely';
import type { TComplianceKind, TComplianceState } from '@stageplein/contracts/organizations/compliance';

/** A document an organization keeps (no file storage yet: a reference or note says where it is). */
export interface TComplianceDocumentsTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  kind: TComplianceKind;
  reference: string | null;
  note: string | null;
  issued_on: string;
  expires_on: string | null;
  /** The expiry date the admins were last reminded about (one reminder per document and date). */
  reminded_for: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A kind a School or VolunteerCenter requires of the organizations its students and volunteers go to. */
export interface TComplianceRequirementsTable {
  tenant_id: string;
  organization_id: string;
  kind: TComplianceKind;
  created_at: Date;
}

/** The state last announced (`organizations.compliance.changed`), so only changes are announced. */
export interface TComplianceStatesTable {
  organization_id: string;
  tenant_id: string;
  may_publish: boolean;
  /** jsonb: written as its JSON text, read back as the state. */
  state: ColumnType<TComplianceState, string, string>;
  computed_on: string;
  updated_at: Date;
}
