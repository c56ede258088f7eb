import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  emptyFormDefinition,
  ZFormDefinition,
  type TFormDefinition,
} from '@stageplein/contracts/forms/form-definition';
import { inContentScope, type TContentScope } from '@stageplein/contracts/content/content-policy';
import {
  CONTACT_FORM_TOKEN,
  creatableFormPurposes,
  isPublicFormPurpose,
  type TFormInput,
  type TPublicSubmissionBody,
} from '@stageplein/contracts/forms/forms-api';
import { buildSubmissionSchema } from '@stageplein/contracts/forms/submission-schema';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { SYSTEM, type TChangeActor } from '../shared/caller.ts';
import { checkFileAnswers } from './form-files/form-file-answers.ts';
import { attachFormFiles } from './form-files/form-files.repository.ts';
import { mailContactSubmission, type TMailKeys } from './forms.mail.ts';
import { issueRenderToken, renderTokenHash, verifyRenderToken } from './form-render-token.ts';
import {
  findForm,
  findFormByToken,
  findVersion,
  insertForm,
  insertSubmission,
  insertVersion,
  renderTokenUsed,
  updateForm,
  type TFormRow,
  type TFormSubmissionRow,
} from './forms.repository.ts';

const subject = (f: TFormRow) => ({ type: 'form', id: f.id });
const payload = (f: TFormRow, version: number | null = null) => ({
  form_id: f.id,
  purpose: f.purpose,
  status: f.status,
  version,
});

/** The form, when it is within the caller's scope (another School's or the tenant's is a 404, like a missing one). */
export async function formOr404(ctx: TCtx, scope: TContentScope, id: string): Promise<TFormRow> {
  const form = await findForm(ctx.db, ctx.tenant.id, id);
  if (!form || !inContentScope(scope, form.organization_id)) throw notFound();
  return form;
}

function assertEditable(form: TFormRow): void {
  if (form.status === 'archived') throw new ApiError('form_archived');
}

/**
 * A new draft owned by `organizationId` (a School's form; null: the tenant's). A School may make only
 * the purposes `creatableFormPurposes` gives its scope (the builder offers only those).
 */
export async function createForm(
  ctx: TCtx,
  author: TChangeActor,
  input: Partial<TFormInput>,
  purpose: TFormRow['purpose'] = 'general',
  organizationId: string | null = null,
): Promise<TFormRow> {
  const schoolMay = organizationId && creatableFormPurposes({ kind: 'organization', organizationId });
  if (schoolMay && !(schoolMay as readonly string[]).includes(purpose))
    throw new ApiError('forbidden', {}, { pointer: '/data/attributes/purpose' });
  const form = await insertForm(ctx.db, {
    tenant_id: ctx.tenant.id,
    organization_id: organizationId,
    purpose,
    status: 'draft',
    definition: input.definition ?? emptyFormDefinition(),
    definition_updated_at: ctx.now,
    notify_email: input.notify_email ?? null,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await record(ctx, author, 'content.form.created', subject(form), payload(form));
  return form;
}

/** Saves the draft (and who is notified); the public version stays until the next publication. */
export async function changeForm(
  ctx: TCtx,
  author: TChangeActor,
  form: TFormRow,
  changes: Partial<TFormInput>,
): Promise<TFormRow> {
  assertEditable(form);
  const row = await updateForm(ctx.db, form.id, {
    ...(changes.definition ? { definition: changes.definition, definition_updated_at: ctx.now } : {}),
    ...(changes.notify_email !== undefined ? { notify_email: changes.notify_email } : {}),
    updated_at: ctx.now,
  });
  await record(ctx, author, 'content.form.updated', subject(row), payload(row));
  return row;
}

/**
 * The draft becomes the next version, frozen, and the public one; the form gets its public token at
 * its first publication (`contact` for the contact form). Earlier versions stay: their submissions
 * are read against them.
 */
export async function publishForm(ctx: TCtx, author: TChangeActor, form: TFormRow): Promise<TFormRow> {
  assertEditable(form);
  const version = (form.published_version ?? 0) + 1;
  await insertVersion(ctx.db, {
    tenant_id: ctx.tenant.id,
    form_id: form.id,
    version,
    definition: form.definition,
    published_at: ctx.now,
  });
  const token = !isPublicFormPurpose(form.purpose)
    ? null
    : (form.public_token ??
      (form.purpose === 'contact' ? CONTACT_FORM_TOKEN : randomBytes(16).toString('base64url')));
  const row = await updateForm(ctx.db, form.id, {
    status: 'published',
    published_version: version,
    published_at: ctx.now,
    public_token: token,
    updated_at: ctx.now,
  });
  await record(ctx, author, 'content.form.published', subject(row), payload(row, version));
  // The frozen definition for services that answer forms themselves (placements), outbox only.
  await record(
    ctx,
    author,
    'content.form.version_published',
    subject(row),
    {
      form_id: row.id,
      version,
      purpose: row.purpose,
      definition: form.definition,
      published_at: ctx.now.toISOString(),
    },
    { audit: false },
  );
  return row;
}

/**
 * A new draft with the same definition, purpose and owner; a copy of the contact form is an ordinary
 * form.
 */
export async function duplicateForm(ctx: TCtx, author: TChangeActor, form: TFormRow): Promise<TFormRow> {
  const title = form.definition.title;
  return createForm(
    ctx,
    author,
    {
      definition: {
        ...form.definition,
        title: { nl: `${title.nl} (kopie)`, en: title.en ? `${title.en} (copy)` : '' },
      },
      notify_email: form.notify_email,
    },
    form.purpose === 'contact' ? 'general' : form.purpose,
    form.organization_id,
  );
}

/** Offline for visitors and closed for changes; its versions and submissions stay. */
export async function archiveForm(ctx: TCtx, author: TChangeActor, form: TFormRow): Promise<TFormRow> {
  assertEditable(form);
  const row = await updateForm(ctx.db, form.id, { status: 'archived', updated_at: ctx.now });
  await record(ctx, author, 'content.form.archived', subject(row), payload(row, row.published_version));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Versions, read many times: a published version never changes, so its parsed definition is kept
// (which also keeps its compiled schemas, cached per definition object by buildSubmissionSchema).

const versionCache = new Map<string, TFormDefinition>();
const MAX_CACHED_VERSIONS = 500;

export async function versionDefinition(
  ctx: TCtx,
  formId: string,
  version: number,
): Promise<TFormDefinition | undefined> {
  const key = `${ctx.tenant.id}|${formId}|${version}`;
  const cached = versionCache.get(key);
  if (cached) return cached;
  const row = await findVersion(ctx.db, ctx.tenant.id, formId, version);
  if (!row) return undefined;
  const definition = ZFormDefinition.parse(row.definition);
  if (versionCache.size >= MAX_CACHED_VERSIONS) versionCache.clear();
  versionCache.set(key, definition);
  return definition;
}

/** A published form by its public token, or 404 (drafts and archived forms are not public). */
export async function publicFormOr404(
  ctx: TCtx,
  token: string,
): Promise<TFormRow & { published_version: number }> {
  const form = await findFormByToken(ctx.db, ctx.tenant.id, token);
  if (
    !form ||
    form.status !== 'published' ||
    form.published_version === null ||
    !isPublicFormPurpose(form.purpose)
  )
    throw notFound();
  return form as TFormRow & { published_version: number };
}

/** What a visitor gets: the published version's definition and a freshly signed render token. */
export async function publicForm(ctx: TCtx, secret: string, token: string) {
  const form = await publicFormOr404(ctx, token);
  const definition = await versionDefinition(ctx, form.id, form.published_version);
  if (!definition) throw notFound();
  return {
    form,
    version: form.published_version,
    definition,
    renderToken: issueRenderToken(secret, ctx.tenant.id, form.id, form.published_version, ctx.now),
  };
}

/** A seeded submission to a published form's current version, through the same checks and records. */
export async function seedSubmission(
  ctx: TCtx,
  form: TFormRow,
  answers: Record<string, unknown>,
): Promise<void> {
  const version = form.published_version!;
  const definition = await versionDefinition(ctx, form.id, version);
  await storeSubmission(ctx, form, version, buildSubmissionSchema(definition!, answers).parse(answers));
}

async function storeSubmission(
  ctx: TCtx,
  form: TFormRow,
  version: number,
  answers: Record<string, unknown>,
  renderTokenHash: string | null = null,
): Promise<TFormSubmissionRow> {
  const row = await insertSubmission(ctx.db, {
    tenant_id: ctx.tenant.id,
    form_id: form.id,
    form_version: version,
    answers: JSON.parse(JSON.stringify(answers)) as Record<string, unknown>,
    locale: ctx.lang,
    created_at: ctx.now,
    render_token_hash: renderTokenHash,
  }).catch((error: unknown) => {
    // Two submissions with one token at the same moment: the index lets one through.
    if ((error as { code?: string }).code === '23505') throw new ApiError('form_already_submitted');
    throw error;
  });
  await record(
    ctx,
    SYSTEM,
    'content.form.submitted',
    { type: 'form_submission', id: row.id },
    { form_submission_id: row.id, form_id: form.id, form_version: version, purpose: form.purpose },
  );
  return row;
}

export type TSubmissionOutcome =
  | { kind: 'stored'; row: TFormSubmissionRow }
  /** The honeypot was filled in: nothing is stored, and the answer looks like success. */
  | { kind: 'dropped' }
  | { kind: 'invalid'; issues: z.core.$ZodIssue[] };

/**
 * A visitor's submission: a bot's (honeypot) is dropped; the render token must be genuine, of this form,
 * old enough (time-to-submit) and not used by a stored submission (409 `form_already_submitted`; answers
 * refused with a validation error leave it unused, so the visitor can correct them and send again); the answers are checked with `buildSubmissionSchema` against the
 * version the visitor was shown, file answers must name unused files uploaded for this form's same
 * question (form-files/), which the submission then takes. Nothing is written
 * unless all of that holds. A contact form's submission is mailed to its notify address (through
 * identity, in the same transaction).
 */
export async function submitPublicForm(
  ctx: TCtx,
  keys: TMailKeys,
  token: string,
  body: TPublicSubmissionBody['data']['attributes'],
): Promise<TSubmissionOutcome> {
  const form = await publicFormOr404(ctx, token);
  if (body.homepage) return { kind: 'dropped' };
  const version = verifyRenderToken(
    keys.AUTH_TOKEN_SECRET,
    ctx.tenant.id,
    form.id,
    body.render_token,
    ctx.now,
  );
  const tokenHash = renderTokenHash(body.render_token);
  if (await renderTokenUsed(ctx.db, ctx.tenant.id, tokenHash)) throw new ApiError('form_already_submitted');
  const definition = await versionDefinition(ctx, form.id, version);
  if (!definition) throw new ApiError('form_expired');

  const parsed = buildSubmissionSchema(definition, body.answers).safeParse(body.answers);
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues };
  const answers = parsed.data;

  const files = await checkFileAnswers(ctx.db, form.id, definition, answers);
  if (files.issues.length > 0) return { kind: 'invalid', issues: files.issues };

  const row = await storeSubmission(ctx, form, version, answers, tokenHash);
  await attachFormFiles(ctx.db, files.ids, row.id);
  if (form.purpose === 'contact' && form.notify_email) {
    await mailContactSubmission(ctx, keys, form.notify_email, definition, row);
  }
  return { kind: 'stored', row };
}
