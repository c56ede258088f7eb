import type { Generated } from 'kysely';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TFormPurpose, TFormStatus } from '@stageplein/contracts/forms/forms-api';
import type { TContentLocale } from '@stageplein/contracts/content/content';

/** A form: its draft definition and where its published versions stand. */
export interface TFormsTable {
  id: Generated<string>;
  tenant_id: string;
  purpose: TFormPurpose;
  status: TFormStatus;
  /** The draft the builder edits. */
  definition: TFormDefinition;
  /** When the draft last changed: later than `published_at` means unpublished changes. */
  definition_updated_at: Date;
  /** Set at the first publication (`contact` for the contact form); the public address's key. */
  public_token: string | null;
  published_version: number | null;
  published_at: Date | null;
  notify_email: string | null;
  /** The School whose admins made it (they and the content editors see it); null: the tenant's. */
  organization_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A published version, frozen: submissions are read against the version they answered. */
export interface TFormVersionsTable {
  tenant_id: string;
  form_id: string;
  version: number;
  definition: TFormDefinition;
  published_at: Date;
}

export interface TFormSubmissionsTable {
  id: Generated<string>;
  tenant_id: string;
  form_id: string;
  form_version: number;
  answers: Record<string, unknown>;
  locale: TContentLocale;
  created_at: Date;
  /** SHA-256 of the render token a visitor's submission used (unique: one submission per token); null for seeds. */
  render_token_hash: string | null;
}
