import type { Generated } from 'kysely';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import type {
  TCompanyField,
  TContractTemplateVersionState,
  TTemplateSigner,
} from '@stageplein/contracts/internship-contracts/contract-schemas';

/** A school's contract template (migration 20270212T0900-internship-contracts). */
export interface TContractTemplatesTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  name: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A numbered version of a template: draft, or published (immutable: a trigger refuses any change). */
export interface TContractTemplateVersionsTable {
  id: Generated<string>;
  tenant_id: string;
  template_id: string;
  version: number;
  state: TContractTemplateVersionState;
  body_nl: TRichTextDocument;
  body_en: TRichTextDocument;
  company_fields: TCompanyField[];
  signers: TTemplateSigner[];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  published_by: string | null;
  published_at: Date | null;
}
