import {
  LEGACY_EVALUATION_FORM_VERSION,
  LEGACY_EVALUATION_FORMS,
} from '@stageplein/contracts/forms/legacy-evaluation-form';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import {
  evaluationsAvailable,
  mayManageEvaluationTemplates,
  usesLegacyEvaluationForm,
  type TEvaluationRole,
} from '@stageplein/contracts/placements/evaluation-policy';
import { ApiError, forbidden, unauthorized } from '@stageplein/kit/errors/api-error';
import { findFormVersion } from '../read-models/index.ts';
import type { TCaller } from '../shared/caller.ts';
import type { TCtx } from '../shared/request.ts';

/** Spec §1 "Evaluation forms": elsewhere every call answers 404 `evaluations_unavailable` first. */
export function assertEvaluationsTenant(ctx: TCtx): void {
  if (!evaluationsAvailable(ctx.tenant.features)) throw new ApiError('evaluations_unavailable');
}

/** Spec §1 "Legacy evaluation form": the fixed form replaces the configured ones. */
export const legacyTenant = (ctx: TCtx): boolean => usesLegacyEvaluationForm(ctx.tenant.features);

/** A School admin acting for an approved School (the period's school is checked by the caller). */
export function assertTemplateManager(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  if (!mayManageEvaluationTemplates(caller.permissions, caller.current)) throw forbidden();
  return caller.current!.id;
}

export interface TPartForm {
  form_id: string | null;
  version: number;
  definition: TFormDefinition;
  title: string;
}

/**
 * Parsed frozen versions, kept per tenant/form/version: a version never changes, and keeping the
 * same object lets `buildSubmissionSchema` reuse its compiled schema (forms.md "Speed").
 */
const versions = new Map<string, TFormDefinition>();
const MAX_KEPT = 500;

/** The form a part answers: the legacy form (form id null) or the frozen published version. */
export async function partForm(
  ctx: TCtx,
  role: TEvaluationRole,
  formId: string | null,
  version: number,
): Promise<TPartForm | undefined> {
  if (formId === null) {
    const definition = LEGACY_EVALUATION_FORMS[role];
    return { form_id: null, version: LEGACY_EVALUATION_FORM_VERSION, definition, title: definition.title.nl };
  }
  const key = `${ctx.tenant.id}:${formId}:${version}`;
  let definition = versions.get(key);
  if (!definition) {
    const found = await findFormVersion(ctx.db, ctx.tenant.id, formId, version);
    if (!found || found.purpose !== 'evaluation') return undefined;
    definition = found.definition;
    if (versions.size >= MAX_KEPT) versions.delete(versions.keys().next().value!);
    versions.set(key, definition);
  }
  return { form_id: formId, version, definition, title: definition.title.nl };
}
