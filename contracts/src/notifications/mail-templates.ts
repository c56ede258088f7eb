import { z } from 'zod';
import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import { zCollectionOf, zDocumentOf, ZResource } from '../jsonapi/jsonapi.ts';

/**
 * Mail templates per tenant (issue #35 item 2, docs/decisions/notifications.md "Templates"): every kind
 * of mail the product sends has a shipped default (kit `mail/templates.ts`) in nl and en, a subject and a
 * body; a tenant's school or centre admins may replace them. A template names its values as
 * `{{variable}}`; which ones a kind has is its typed payload below, and a variable outside it is refused
 * when the template is saved, never found when a mail is sent.
 */

/**
 * Identity's account mails: requested as `identity.mail.requested` like every other service's mail
 * (docs/decisions/mail-requests.md), rendered by notifications from the tenant's template.
 */
export const ACCOUNT_MAIL_KINDS = [
  'invitation',
  'confirmation',
  'password_reset',
  'passwordless',
  'account_deletion',
  // Issue #12: consent before a role or a new address takes effect.
  'role_invitation',
  'email_change',
  'email_change_notice',
  // About an organization the recipient administers (organizations' lifecycle events).
  'organization_approved',
  // Approved while the admin has not chosen a password yet: their invitation link is the way in.
  'organization_approved_invited',
  'organization_denied',
  'organization_archived',
  'organization_reopened',
  // Compliance gating: a required document of an organization the recipient administers expires soon.
  'compliance_expiring',
] as const;
export type TAccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

export const MAIL_KINDS = [
  ...ACCOUNT_MAIL_KINDS,
  // Requested by other services (`<service>.mail.requested`, docs/decisions/mail-requests.md).
  'external_link',
  'bulk_message',
  'reminder',
  // Notifications' own: a new message in a conversation (an internship's thread, or a direct one).
  'conversation_message',
  'direct_message',
  // The periodic mail (digest): the tenant's text around the generated lists (`MAIL_KIND_BLOCKS`).
  'digest',
] as const;
export const ZMailKind = z.enum(MAIL_KINDS);
export type TMailKind = z.infer<typeof ZMailKind>;

const text = z.string();

/** What every mail has: the site's name, the recipient's name and the link of its button. */
const ZCommonVars = z.object({ appName: text, name: text, link: text });

/** How long a single-use link stays valid, in words ("2 dagen"). */
const validFor = { validFor: text };
const organization = { organization: text };

/**
 * Each kind's typed payload: the variables its templates may use, all text as the mail shows them.
 * `.optional()` ones may be empty; a paragraph that is only such a variable is then left out.
 */
export const MAIL_KIND_VARS = {
  invitation: ZCommonVars.extend(validFor),
  confirmation: ZCommonVars.extend(validFor),
  password_reset: ZCommonVars.extend(validFor),
  passwordless: ZCommonVars.extend({ ...validFor, code: text }),
  account_deletion: ZCommonVars.extend(validFor),
  role_invitation: ZCommonVars.extend({ ...validFor, ...organization }),
  email_change: ZCommonVars.extend(validFor),
  email_change_notice: ZCommonVars.extend({ newEmail: text }),
  organization_approved: ZCommonVars.extend(organization),
  organization_approved_invited: ZCommonVars.extend(organization),
  organization_denied: ZCommonVars.extend({ ...organization, reason: text.optional() }),
  organization_archived: ZCommonVars.extend({ ...organization, reason: text.optional() }),
  organization_reopened: ZCommonVars.extend(organization),
  compliance_expiring: ZCommonVars.extend({ ...organization, document: text, date: text }),
  external_link: ZCommonVars.extend({ purpose: text, details: text.optional(), validUntil: text }),
  bulk_message: ZCommonVars.extend({ subject: text, body: text, sender: text.optional() }),
  reminder: ZCommonVars.extend({ subject: text, body: text }),
  conversation_message: ZCommonVars.extend({ author: text, internship: text }),
  direct_message: ZCommonVars.extend({ author: text }),
  // `link`: the feed; `period`: "wekelijkse"; `unread`: how many unread in all; `settings`: the preference page.
  digest: ZCommonVars.extend({ period: text, unread: text, settings: text }),
} as const satisfies Record<TMailKind, z.ZodObject>;
export type TMailKindVars<K extends TMailKind> = z.infer<(typeof MAIL_KIND_VARS)[K]>;

/**
 * Blocks: a variable that stands for generated content, not text (the digest's `{{items}}`: its lists of
 * notifications and open tasks, linked and escaped by the renderer). A block is a paragraph of its own,
 * exactly once in each body and never in a subject; `misplacedBlocks` says where a text breaks that.
 */
export const MAIL_KIND_BLOCKS: Partial<Record<TMailKind, readonly string[]>> = { digest: ['items'] };
export const mailKindBlocks = (kind: TMailKind): readonly string[] => MAIL_KIND_BLOCKS[kind] ?? [];

/** Added by notifications when rendering (`code` travels sealed beside the link, never among the vars). */
const NOT_REQUESTED = new Set(['appName', 'name', 'link', 'code']);

/**
 * The variables an account mail's request carries, already in the recipient's language ("2 dagen"):
 * the kind's payload without the site's and the recipient's name, the link and the sign-in code.
 */
export const accountMailRequestVars = (kind: TAccountMailKind) =>
  z
    .object(
      Object.fromEntries(
        Object.entries(MAIL_KIND_VARS[kind].shape).filter(([key]) => !NOT_REQUESTED.has(key)),
      ),
    )
    .strict();

/** The variable names a kind's templates may use, in the payload's order, then its blocks. */
export const mailKindVariables = (kind: TMailKind): string[] => [
  ...Object.keys(MAIL_KIND_VARS[kind].shape),
  ...mailKindBlocks(kind),
];

/**
 * Every `{{…}}` in a text, as written between the braces (trimmed: the renderer fills `{{ name }}` as
 * `{{name}}`). Anything else between double braces is reported, so that it is refused, not sent as is.
 */
export function templateVariables(value: string): string[] {
  return [...value.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim());
}

/** The variables of `value` that `kind` does not have (each once, in order of appearance). */
export function unknownVariables(kind: TMailKind, value: string): string[] {
  const known = new Set(mailKindVariables(kind));
  return [...new Set(templateVariables(value).filter((v) => !known.has(v)))];
}

/** A paragraph that is one variable and nothing else (`{{ items }}`): its name, else null. */
export function lonePlaceholder(paragraph: string): string | null {
  return /^\s*\{\{\s*(\w+)\s*\}\}\s*$/.exec(paragraph)?.[1] ?? null;
}

/**
 * The blocks of `kind` that `value` (a subject, or a body of paragraphs separated by blank lines) has in
 * the wrong place: in a subject at all; in a body, missing, more than once, or inside a paragraph.
 */
export function misplacedBlocks(kind: TMailKind, field: 'subject' | 'body', value: string): string[] {
  const used = new Set(templateVariables(value));
  const blocks = mailKindBlocks(kind);
  if (field === 'subject') return blocks.filter((b) => used.has(b));
  const paragraphs = value.split(/\r?\n\s*\r?\n/);
  return blocks.filter((b) => {
    const alone = paragraphs.filter((p) => lonePlaceholder(p) === b).length;
    const anywhere = templateVariables(value).filter((v) => v === b).length;
    return alone !== 1 || anywhere !== 1;
  });
}

/**
 * Who reads and changes the tenant's templates: admins of the selected School or VolunteerCenter once
 * it is approved (a tenant's platform operators are admins of its VolunteerCenter; a school still
 * pending is not trusted with the tenant's mail, like every other admin screen). What the server
 * enforces and the back office shows the section by.
 */
export const editsMailTemplates = (
  p: Pick<TPermissions, 'isSchoolOrCenterAdmin'> | undefined,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean =>
  !!p?.isSchoolOrCenterAdmin &&
  current?.status === 'approved' &&
  (current.type === 'School' || current.type === 'VolunteerCenter');

/** The four texts of a template, as the API names them. */
export const MAIL_TEMPLATE_FIELDS = ['subject_nl', 'body_nl', 'subject_en', 'body_en'] as const;
export type TMailTemplateField = (typeof MAIL_TEMPLATE_FIELDS)[number];

const ZSubject = z.string().trim().min(1).max(300);
const ZBody = z.string().trim().min(1).max(20_000);

export const ZMailTemplateTexts = z.object({
  subject_nl: ZSubject,
  /** Paragraphs separated by a blank line; the mail's button (with the link) follows them. */
  body_nl: ZBody,
  subject_en: ZSubject,
  body_en: ZBody,
});
export type TMailTemplateTexts = z.infer<typeof ZMailTemplateTexts>;

export const ZMailTemplateAttributes = ZMailTemplateTexts.extend({
  kind: ZMailKind,
  /** The variables this kind's templates may use (`{{name}}`…). */
  variables: z.array(z.string()),
  /** True when the tenant replaced the shipped default. */
  customized: z.boolean(),
  updated_at: z.string().nullable(),
});
/** A kind's template as the tenant sends it; its id is the kind. */
export const ZMailTemplateResource = ZResource.extend({
  type: z.literal('notification_template'),
  attributes: ZMailTemplateAttributes,
});
export type TMailTemplateResource = z.infer<typeof ZMailTemplateResource>;
export const ZMailTemplateCollection = zCollectionOf(ZMailTemplateResource);
export const ZMailTemplateDocument = zDocumentOf(ZMailTemplateResource);

/** `PATCH /api/v1/notification_templates/{kind}`: any of the four texts; the others stay as they are. */
export const ZMailTemplateUpdateBody = z.object({
  data: z.object({
    type: z.literal('notification_template'),
    id: z.string().optional(),
    attributes: ZMailTemplateTexts.partial().strict(),
  }),
});

/** `POST /api/v1/notification_templates/{kind}/preview`: texts not saved yet (missing: the current ones). */
export const ZMailTemplatePreviewBody = z.object({
  data: z.object({
    type: z.literal('notification_template_preview'),
    attributes: ZMailTemplateTexts.partial().strict(),
  }),
});

const ZRendered = z.object({ subject: z.string(), text: z.string(), html: z.string() });
/** The template rendered with the kind's sample data, in both languages. */
export const ZMailTemplatePreviewDocument = zDocumentOf(
  ZResource.extend({
    type: z.literal('notification_template_preview'),
    attributes: z.object({ kind: ZMailKind, nl: ZRendered, en: ZRendered }),
  }),
);
export type TMailTemplatePreviewDocument = z.infer<typeof ZMailTemplatePreviewDocument>;
