import type { Generated } from 'kysely';
import type {
  TCompanyField,
  TContractStatus,
  TSignerRole,
  TSignerState,
} from '@stageplein/contracts/internship-contracts/contract-rules';

/** A contract generated for an internship (migration 20270212T0900-internship-contracts). */
export interface TContractsTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  school_id: string;
  organization_id: string | null;
  student_id: string;
  /** The internship's contact person at generation (fills the company fields). */
  contact_person_id: string | null;
  template_id: string;
  template_version_id: string;
  status: TContractStatus;
  source: 'manual' | 'phase';
  /** `YYYY-MM-DD` (kit's pg parser keeps dates as text). */
  student_birth_date: string | null;
  /** The variables' values, frozen at generation (`company.<key>` added when the fields are filled). */
  variables: Record<string, string | null>;
  company_fields: TCompanyField[];
  company_values: Record<string, string>;
  /** The text with the variables filled, sanitized HTML per language. */
  html_nl: string;
  html_en: string;
  void_reason: string | null;
  /** When the draft was sent out (migration 20270301T0910); null for a draft, or voided as one. */
  released_at: Generated<Date | null>;
  voided_by: string | null;
  voided_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One signer of a contract, in its order group (`position`: equal positions sign in parallel). */
export interface TContractSignersTable {
  id: Generated<string>;
  tenant_id: string;
  contract_id: string;
  role: TSignerRole;
  position: number;
  user_id: string | null;
  name: string | null;
  email: string | null;
  state: Generated<TSignerState>;
  signed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
