import {
  fillVariables,
  SAMPLE_VARIABLES,
  validateContractTemplate,
  defaultSigners,
  documentText,
  type TContractTemplateIssue,
  type TContractTemplateVersionUpdate,
} from '@stageplein/contracts/internship-contracts/contract-schemas';
import { EMPTY_DOCUMENT, type TRichTextDocument } from '@stageplein/contracts/content/content';
import { notFound } from '@stageplein/kit/errors/api-error';
import { renderRichText } from '@stageplein/kit/rich-text/rich-text';
import type { TCaller } from '../../shared/caller.ts';
import { record } from '../../shared/events.ts';
import type { TChangeActor, TCtx } from '../../shared/request.ts';
import { assertContractManager } from '../internship-contracts.policy.ts';
import {
  findTemplate,
  insertTemplate,
  renameTemplate,
  templatesOfSchool,
  templateVersions,
  type TTemplateRow,
  type TTemplateVersionRow,
  type TTemplateWithVersions,
} from './templates.repository.ts';

export interface TTemplateVersionView {
  version: TTemplateVersionRow;
  template: TTemplateRow;
}

/** A save or publication: done, or the issues that stopped it (nothing changed; the route answers 422). */
export type TTemplateOutcome =
  { ok: true; view: TTemplateVersionView } | { ok: false; issues: TContractTemplateIssue[] };

async function ownTemplate(ctx: TCtx, schoolId: string, id: string, lock = false): Promise<TTemplateRow> {
  const row = await findTemplate(ctx.db, id, lock);
  if (!row || row.school_id !== schoolId) throw notFound();
  return row;
}

async function ownVersion(
  ctx: TCtx,
  schoolId: string,
  id: string,
  lock = false,
): Promise<TTemplateVersionView> {
  const { head, version } = await templateVersions.ownVersion(
    ctx.db,
    id,
    (templateId) => ownTemplate(ctx, schoolId, templateId, lock),
    lock,
  );
  return { template: head, version };
}

async function withVersions(ctx: TCtx, template: TTemplateRow): Promise<TTemplateWithVersions> {
  return { template, ...(await templateVersions.versionsOf(ctx.db, [template.id])).get(template.id)! };
}

const base = (t: TTemplateRow) => ({ template_id: t.id, school_id: t.school_id });

export async function listTemplates(ctx: TCtx, caller: TCaller): Promise<TTemplateWithVersions[]> {
  const schoolId = assertContractManager(ctx, caller);
  const rows = await templatesOfSchool(ctx.db, schoolId);
  const versions = await templateVersions.versionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((template) => ({ template, ...versions.get(template.id)! }));
}

export async function readTemplate(ctx: TCtx, caller: TCaller, id: string): Promise<TTemplateWithVersions> {
  const schoolId = assertContractManager(ctx, caller);
  return withVersions(ctx, await ownTemplate(ctx, schoolId, id));
}

/**
 * A new template with its first draft (version 1): empty bodies and the tenant's default signer order
 * (contracts' `defaultSigners`: the company first where `companySignsFirst`).
 */
export async function createTemplate(
  ctx: TCtx,
  actor: TChangeActor,
  schoolId: string,
  name: string,
  content?: Pick<TTemplateVersionRow, 'body_nl' | 'body_en' | 'company_fields' | 'signers'>,
  id?: string,
): Promise<TTemplateWithVersions> {
  const template = await insertTemplate(ctx.db, {
    ...(id ? { id } : {}),
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    name,
    created_by: actor.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const draft = await templateVersions.insertDraft(
    ctx.db,
    { tenantId: ctx.tenant.id, parentId: template.id, version: 1, by: actor.userId, now: ctx.now },
    {
      body_nl: content?.body_nl ?? EMPTY_DOCUMENT,
      body_en: content?.body_en ?? EMPTY_DOCUMENT,
      company_fields: content?.company_fields ?? [],
      signers: content?.signers ?? defaultSigners(ctx.tenant.features),
    },
  );
  await record(
    ctx,
    actor,
    'placements.contract_template.created',
    { type: 'contract_template', id: template.id },
    { ...base(template), name, version_id: draft.id },
  );
  return { template, published: null, draft };
}

export async function createTemplateFor(ctx: TCtx, caller: TCaller, name: string) {
  return createTemplate(ctx, caller, assertContractManager(ctx, caller), name);
}

export async function renameTemplateOf(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  name: string,
): Promise<TTemplateWithVersions> {
  const schoolId = assertContractManager(ctx, caller);
  let template = await ownTemplate(ctx, schoolId, id, true);
  if (name !== template.name) {
    template = await renameTemplate(ctx.db, id, name, ctx.now);
    await record(
      ctx,
      caller,
      'placements.contract_template.updated',
      { type: 'contract_template', id },
      { ...base(template), changed: ['name'], version_id: null },
    );
  }
  return withVersions(ctx, template);
}

export async function readTemplateVersion(ctx: TCtx, caller: TCaller, id: string) {
  return ownVersion(ctx, assertContractManager(ctx, caller), id);
}

/**
 * Saves a draft's content. Its variables and the tenant's switches are checked on every save (422 with
 * every issue, nothing changed); publishing checks the rest. A published version: 409.
 */
export async function changeTemplateDraft(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: TContractTemplateVersionUpdate,
): Promise<TTemplateOutcome> {
  const { template, version } = await ownVersion(ctx, assertContractManager(ctx, caller), id, true);
  templateVersions.assertDraft(version);
  const content = {
    body_nl: input.body_nl ?? version.body_nl,
    body_en: input.body_en ?? version.body_en,
    company_fields: (input.company_fields ?? version.company_fields).map((f) => ({
      ...f,
      label: { nl: f.label.nl, en: f.label.en ?? '' },
      required: f.required ?? true,
    })),
    signers: input.signers ?? version.signers,
  };
  const issues = validateContractTemplate(content, ctx.tenant.features);
  if (issues.length > 0) return { ok: false, issues };
  const updated = await templateVersions.saveDraft(ctx.db, id, content, ctx.now);
  await record(
    ctx,
    caller,
    'placements.contract_template.updated',
    { type: 'contract_template', id: template.id },
    { ...base(template), changed: ['draft'], version_id: id },
  );
  return { ok: true, view: { template, version: updated } };
}

/** A new draft copied from the newest published version (409 with a draft open or none published). */
export async function newTemplateDraft(ctx: TCtx, caller: TCaller, templateId: string) {
  const template = await ownTemplate(ctx, assertContractManager(ctx, caller), templateId, true);
  const version = await templateVersions.newDraft(ctx.db, {
    tenantId: ctx.tenant.id,
    parentId: template.id,
    by: caller.userId,
    now: ctx.now,
  });
  await record(
    ctx,
    caller,
    'placements.contract_template.updated',
    { type: 'contract_template', id: template.id },
    { ...base(template), changed: ['draft'], version_id: version.id },
  );
  return { template, version };
}

/** Publishes (no checks: the caller checked) and records. */
export async function publishTemplateVersionOf(
  ctx: TCtx,
  actor: TChangeActor,
  view: TTemplateVersionView,
): Promise<TTemplateVersionView> {
  const published = await templateVersions.publish(ctx.db, view.version.id, actor.userId, ctx.now);
  await record(
    ctx,
    actor,
    'placements.contract_template.published',
    { type: 'contract_template', id: view.template.id },
    { ...base(view.template), version_id: published.id, version: published.version },
  );
  return { template: view.template, version: published };
}

/** Publishes a draft that meets every rule (422 with the issues otherwise); immutable from then on. */
export async function publishTemplateDraft(
  ctx: TCtx,
  caller: TCaller,
  id: string,
): Promise<TTemplateOutcome> {
  const view = await ownVersion(ctx, assertContractManager(ctx, caller), id, true);
  templateVersions.assertDraft(view.version);
  const issues = validateContractTemplate(view.version, ctx.tenant.features, true);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, view: await publishTemplateVersionOf(ctx, caller, view) };
}

/** The version's bodies filled with a sample internship, as sanitized HTML (kit's rich-text renderer). */
export async function previewTemplateVersion(ctx: TCtx, caller: TCaller, id: string) {
  const { version } = await readTemplateVersion(ctx, caller, id);
  const variables: Record<string, string | null> = { ...SAMPLE_VARIABLES };
  for (const f of version.company_fields)
    variables[`company.${f.key}`] =
      f.kind === 'date' ? '2027-02-01' : f.kind === 'number' ? '40' : f.label.nl;
  const html = (lang: 'nl' | 'en') =>
    renderRichText(
      fillVariables(
        lang === 'en' && hasText(version.body_en) ? version.body_en : version.body_nl,
        variables,
        lang,
        version.company_fields,
      ),
    );
  return { version, html_nl: html('nl'), html_en: html('en'), variables };
}

/** Whether a body has any text (an empty English body falls back to the Dutch one). */
export const hasText = (doc: TRichTextDocument) => documentText(doc).trim() !== '';
