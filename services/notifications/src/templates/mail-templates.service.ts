import type { TLanguage } from '@stageplein/contracts/i18n/index';
import {
  editsMailTemplates,
  MAIL_KINDS,
  MAIL_TEMPLATE_FIELDS,
  mailKindVariables,
  misplacedBlocks,
  unknownVariables,
  ZMailKind,
  type TMailKind,
  type TMailTemplateTexts,
} from '@stageplein/contracts/notifications/mail-templates';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import { defaultTexts, renderMail, tenantTemplate, type TTemplate } from '@stageplein/kit/mail/templates';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import type { TCtx, TDb } from '../shared/request.ts';
import {
  deleteTenantTemplate,
  saveTenantTemplate,
  tenantTemplateOf,
  tenantTemplates,
} from './mail-templates.repository.ts';
import type { TMailTemplateRow } from './mail-templates.table.ts';
import { sampleBlocks, sampleVars } from './mail-template-samples.ts';

/** A kind's template as the tenant sends it: its own texts, or the shipped default's. */
export interface TMailTemplate extends TMailTemplateTexts {
  kind: TMailKind;
  variables: string[];
  customized: boolean;
  updatedAt: Date | null;
}

const textsOf = (row: TMailTemplateRow): TMailTemplateTexts => ({
  subject_nl: row.subject_nl,
  body_nl: row.body_nl,
  subject_en: row.subject_en,
  body_en: row.body_en,
});

const templateOf = (kind: TMailKind, row: TMailTemplateRow | undefined): TMailTemplate => ({
  kind,
  variables: mailKindVariables(kind),
  ...(row ? textsOf(row) : defaultTexts(kind)),
  customized: !!row,
  updatedAt: row?.updated_at ?? null,
});

/** Only the admins of the tenant's approved schools and centre read and change its templates (contracts' rule). */
function assertEditor(caller: TSignedInCaller): void {
  if (!editsMailTemplates(caller.permissions, caller.current)) throw forbidden();
}

/** The kind named in a path; another name is 404, as if it did not exist. */
export function kindOf(id: string): TMailKind {
  const kind = ZMailKind.safeParse(id);
  if (!kind.success) throw notFound();
  return kind.data;
}

/** Every kind's template, in the order of `MAIL_KINDS`. */
export async function listMailTemplates(ctx: TCtx, caller: TSignedInCaller): Promise<TMailTemplate[]> {
  assertEditor(caller);
  const own = new Map((await tenantTemplates(ctx.db)).map((r) => [r.kind, r]));
  return MAIL_KINDS.map((kind) => templateOf(kind, own.get(kind)));
}

export async function getMailTemplate(
  ctx: TCtx,
  caller: TSignedInCaller,
  kind: TMailKind,
): Promise<TMailTemplate> {
  assertEditor(caller);
  return templateOf(kind, await tenantTemplateOf(ctx.db, kind));
}

/**
 * The variables each text uses must be the kind's: the first one that is not is refused (422, pointing
 * at its field), so a template that is saved never meets an unknown variable when a mail is sent. A
 * block (the digest's `{{items}}`) must be once in each body, a paragraph of its own, never in a subject.
 */
function assertVariables(kind: TMailKind, texts: Partial<TMailTemplateTexts>): void {
  for (const field of MAIL_TEMPLATE_FIELDS) {
    const value = texts[field];
    if (value === undefined) continue;
    const [unknown] = unknownVariables(kind, value);
    if (unknown !== undefined)
      throw new ApiError(
        'notification_template_unknown_variable',
        {
          variable: unknown,
          allowed: mailKindVariables(kind)
            .map((v) => `{{${v}}}`)
            .join(', '),
        },
        { pointer: `/data/attributes/${field}` },
      );
    const [misplaced] = misplacedBlocks(kind, field.startsWith('subject') ? 'subject' : 'body', value);
    if (misplaced !== undefined)
      throw new ApiError(
        'notification_template_block_misplaced',
        { variable: misplaced },
        { pointer: `/data/attributes/${field}` },
      );
  }
}

/** The texts given over the current ones (the tenant's, else the default's). */
async function merged(ctx: TCtx, kind: TMailKind, texts: Partial<TMailTemplateTexts>) {
  const current = templateOf(kind, await tenantTemplateOf(ctx.db, kind));
  const [subject_nl, body_nl, subject_en, body_en] = MAIL_TEMPLATE_FIELDS.map((f) => texts[f] ?? current[f]);
  return { subject_nl, body_nl, subject_en, body_en } as TMailTemplateTexts;
}

/** Saves the tenant's own texts of a kind (any of the four; the others stay), after checking its variables. */
export async function saveMailTemplate(
  ctx: TCtx,
  caller: TSignedInCaller,
  kind: TMailKind,
  texts: Partial<TMailTemplateTexts>,
): Promise<TMailTemplate> {
  assertEditor(caller);
  assertVariables(kind, texts);
  const row = await saveTenantTemplate(ctx.db, {
    tenant_id: ctx.tenant.id,
    kind,
    ...(await merged(ctx, kind, texts)),
    updated_by: caller.userId,
    updated_at: ctx.now,
  });
  return templateOf(kind, row);
}

/** Back to the shipped default: the tenant's own texts of the kind are removed. */
export async function resetMailTemplate(
  ctx: TCtx,
  caller: TSignedInCaller,
  kind: TMailKind,
): Promise<TMailTemplate> {
  assertEditor(caller);
  await deleteTenantTemplate(ctx.db, kind);
  return templateOf(kind, undefined);
}

const siteOf = (ctx: TCtx) => ({
  appName: getTenant(ctx.tenant.id)?.appName ?? 'Stageplein',
  link: publicUrl(ctx.config, ctx.tenant.id),
});

/** Texts not saved yet (or the current ones) rendered with the kind's sample values, in nl and en. */
export async function previewMailTemplate(
  ctx: TCtx,
  caller: TSignedInCaller,
  kind: TMailKind,
  texts: Partial<TMailTemplateTexts>,
) {
  assertEditor(caller);
  assertVariables(kind, texts);
  const all = await merged(ctx, kind, texts);
  const render = (lang: TLanguage) =>
    renderMail(
      lang,
      kind,
      sampleVars(lang, kind, siteOf(ctx)),
      tenantTemplate(lang, kind, all),
      sampleBlocks(lang, kind, siteOf(ctx)),
    );
  return { kind, nl: render('nl'), en: render('en') };
}

/** What a mail of `kind` is rendered with: the tenant's own template in `lang`, or none (the default). */
export async function sendingTemplate(
  db: TDb,
  lang: TLanguage,
  kind: TMailKind,
): Promise<TTemplate | undefined> {
  const row = await tenantTemplateOf(db, kind);
  return row ? tenantTemplate(lang, kind, textsOf(row)) : undefined;
}
