import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TFormPurpose } from '@stageplein/contracts/forms/forms-api';

/** Content's published form versions (migration 20261231T1000-form-versions). */
export interface TFormVersionsTable {
  tenant_id: string;
  form_id: string;
  version: number;
  purpose: TFormPurpose;
  definition: TFormDefinition;
  published_at: Date;
}

/** Forms content archived: their versions stay (answers are read against them) but are not offered. */
export interface TArchivedFormsTable {
  tenant_id: string;
  form_id: string;
}
