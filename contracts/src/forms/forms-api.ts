import { z } from 'zod';
import type { TContentScope } from '../content/content-policy.ts';
import {
  DEFAULT_PAGE_SIZE,
  zCollectionOf,
  zDocumentOf,
  zResourceOf,
  type TQuerySpec,
} from '../jsonapi/jsonapi.ts';
import { ZFormDefinition, ZLabel } from './form-definition.ts';
import { ZSubmissionFile } from './form-files.ts';

/**
 * Wire schemas of forms and submissions (issue #18; content service, docs/decisions/forms.md).
 *
 * Back office (content editors, like pages):
 *   GET    /api/v1/cms/forms                         list (filter[status_eq]=draft|published|archived)
 *   POST   /api/v1/cms/forms                         create (attributes.definition optional)
 *   GET    /api/v1/cms/forms/{id}                    one, with its draft definition
 *   PATCH  /api/v1/cms/forms/{id}                    save the draft definition
 *   POST   /api/v1/cms/forms/{id}/publish            the draft becomes the next version; public from now
 *   POST   /api/v1/cms/forms/{id}/duplicate          a new draft form with the same definition (201)
 *   POST   /api/v1/cms/forms/{id}/archive            offline; submissions stay
 *   GET    /api/v1/cms/forms/{id}/versions           every published version with its submission count
 *   GET    /api/v1/cms/forms/{id}/versions/{version} the definition a submission answered
 *   GET    /api/v1/cms/forms/{id}/submissions        newest first, paged
 *   GET    /api/v1/cms/forms/{id}/submissions/{sid}  one
 *   GET    /api/v1/cms/forms/{id}/submissions/export formula-safe CSV (text/csv; `;`-separated)
 * Public (no account):
 *   GET    /api/v1/public/forms/{token}              the published version ({token} = `contact`: the
 *                                                    tenant's contact form)
 *   POST   /api/v1/public/forms/{token}/submissions  a submission (honeypot, rate limit, time-to-submit)
 *   (files of file questions: form-files.ts)
 */

export const FORM_STATUSES = ['draft', 'published', 'archived'] as const;
export const ZFormStatus = z.enum(FORM_STATUSES);
export type TFormStatus = z.infer<typeof ZFormStatus>;

/**
 * `contact`: the tenant's seeded contact form (`/contactformulier`); its submissions are mailed.
 * `evaluation` and `assignment`: answered inside placements against an internship (evaluations, the
 * workplace supervisors' assignments), never public — placements keeps their published versions.
 */
export const FORM_PURPOSES = ['general', 'contact', 'evaluation', 'assignment'] as const;
export const ZFormPurpose = z.enum(FORM_PURPOSES);
export type TFormPurpose = z.infer<typeof ZFormPurpose>;

/** What an editor may create (the contact form is seeded, one per tenant). */
export const CREATABLE_FORM_PURPOSES = ['general', 'evaluation', 'assignment'] as const;
export type TCreatableFormPurpose = (typeof CREATABLE_FORM_PURPOSES)[number];

/**
 * What a caller of that form scope (contracts/content/content-policy.ts `formScope`) may create: a
 * school its own public (`general`) forms; evaluation and assignment forms are offered on every
 * internship of the tenant (placements), so only the tenant's content editors make them.
 */
export const creatableFormPurposes = (scope: TContentScope): readonly TCreatableFormPurpose[] =>
  scope.kind === 'tenant' ? CREATABLE_FORM_PURPOSES : ['general'];

/** Forms a visitor answers at their public address; the others get no public token. */
export const isPublicFormPurpose = (purpose: TFormPurpose): boolean =>
  purpose === 'general' || purpose === 'contact';

/** The public token that names a tenant's contact form (`GET /api/v1/public/forms/contact`). */
export const CONTACT_FORM_TOKEN = 'contact';

/** The portal address of a public form. */
export const publicFormPath = (token: string): string =>
  token === CONTACT_FORM_TOKEN ? '/contactformulier' : `/forms/${encodeURIComponent(token)}`;

// ---------------------------------------------------------------------------------------------
// Back office

/** GET /api/v1/cms/forms: newest change first; `filter[status_eq]=archived`, `filter[purpose_eq]=contact|evaluation|…`. */
export const FORMS_QUERY: TQuerySpec = {
  filters: { status: ['eq', 'in'], purpose: ['eq'] },
  sorts: ['updated_at', 'created_at'],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: 100,
};

/** GET /api/v1/cms/forms/{id}/submissions: newest first; `filter[form_version_eq]=2`. */
export const FORM_SUBMISSIONS_QUERY: TQuerySpec = {
  filters: { form_version: ['eq'] },
  sorts: ['created_at'],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: 100,
};

export const ZFormAttributes = z.object({
  /** The draft's title. */
  title: ZLabel,
  status: ZFormStatus,
  purpose: ZFormPurpose,
  /** The draft: what the builder edits; visitors see the published version. */
  definition: ZFormDefinition,
  /** The latest published version's number (1, 2, …); null before the first publication. */
  published_version: z.number().int().nullable(),
  published_at: z.string().nullable(),
  /** The draft differs from the published version. */
  has_unpublished_changes: z.boolean(),
  /** Null until published; then `publicFormPath(public_token)` is the form's public address. */
  public_token: z.string().nullable(),
  submission_count: z.number().int(),
  /** Who gets each submission by mail (the contact form: the tenant's contact address); null: nobody. */
  notify_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZFormResource = zResourceOf('form', ZFormAttributes);
export type TFormResource = z.infer<typeof ZFormResource>;
export const ZFormDocument = zDocumentOf(ZFormResource);
export const ZFormCollection = zCollectionOf(ZFormResource);

const ZFormType = z.enum(['form', 'forms']);

export const ZFormInput = z
  .object({ definition: ZFormDefinition, notify_email: z.email().max(254).nullable().optional() })
  .strict();
export type TFormInput = z.infer<typeof ZFormInput>;
/** Creating also chooses the purpose (default `general`); it never changes afterwards. */
export const ZFormCreateInput = ZFormInput.partial()
  .extend({ purpose: z.enum(CREATABLE_FORM_PURPOSES).optional() })
  .strict();
export type TFormCreateInput = z.infer<typeof ZFormCreateInput>;
export const ZFormCreateBody = z.object({
  data: z.object({ type: ZFormType, attributes: ZFormCreateInput }),
});
export const ZFormUpdateBody = z.object({
  data: z.object({ type: ZFormType, id: z.string().optional(), attributes: ZFormInput.partial() }),
});

export const ZFormVersionAttributes = z.object({
  form_id: z.string(),
  version: z.number().int(),
  definition: ZFormDefinition,
  published_at: z.string(),
});
export const ZFormVersionResource = zResourceOf('form_version', ZFormVersionAttributes);
export const ZFormVersionDocument = zDocumentOf(ZFormVersionResource);
/** `GET …/versions`: every published version, newest first, with how many submissions answered it. */
export const ZFormVersionSummaryResource = zResourceOf(
  'form_version',
  ZFormVersionAttributes.omit({ definition: true }).extend({ submission_count: z.number().int() }),
);
export const ZFormVersionCollection = zCollectionOf(ZFormVersionSummaryResource);

export const ZFormSubmissionAttributes = z.object({
  form_id: z.string(),
  /** The version answered: render answers against `GET …/versions/{form_version}`. */
  form_version: z.number().int(),
  /** Field id → answer (only the questions the visitor saw). */
  answers: z.record(z.string(), z.unknown()),
  /** The language the visitor filled it in. */
  locale: z.enum(['nl', 'en']),
  /** The files its file questions name, by question id (download: `formFilePath`). */
  files: z.record(z.string(), ZSubmissionFile),
  created_at: z.string(),
});
export const ZFormSubmissionResource = zResourceOf('form_submission', ZFormSubmissionAttributes);
export type TFormSubmissionResource = z.infer<typeof ZFormSubmissionResource>;
export const ZFormSubmissionDocument = zDocumentOf(ZFormSubmissionResource);
export const ZFormSubmissionCollection = zCollectionOf(ZFormSubmissionResource);

// ---------------------------------------------------------------------------------------------
// Public

export const ZPublicFormAttributes = z.object({
  purpose: ZFormPurpose,
  version: z.number().int(),
  definition: ZFormDefinition,
  /**
   * Signed when this form was served; send it back with the submission. A submission sooner than
   * `FORM_MIN_SECONDS_TO_SUBMIT` after it is refused as a bot's (and after `FORM_RENDER_TOKEN_TTL_HOURS`
   * as stale: reload the form).
   */
  render_token: z.string(),
});
/** `id` is the public token. */
export const ZPublicFormResource = zResourceOf('public_form', ZPublicFormAttributes);
export type TPublicFormResource = z.infer<typeof ZPublicFormResource>;
export const ZPublicFormDocument = zDocumentOf(ZPublicFormResource);

/** Time-to-submit: a person needs at least this long to fill a form in. */
export const FORM_MIN_SECONDS_TO_SUBMIT = 3;
export const FORM_RENDER_TOKEN_TTL_HOURS = 24;

/**
 * The honeypot: an input the renderer hides from people (off-screen, `tabindex=-1`,
 * `autocomplete=off`, `aria-hidden`); bots fill it in. Anything in it and the submission is dropped
 * while the answer looks like success.
 */
export const FORM_HONEYPOT_FIELD = 'homepage';

export const ZPublicSubmissionBody = z.object({
  data: z.object({
    type: z.literal('form_submission'),
    attributes: z
      .object({
        answers: z.record(z.string(), z.unknown()),
        render_token: z.string().max(500),
        [FORM_HONEYPOT_FIELD]: z.string().max(2000).optional(),
      })
      .strict(),
  }),
});
export type TPublicSubmissionBody = z.infer<typeof ZPublicSubmissionBody>;

/** The answer to a public submission: only that it arrived (nothing of other submissions). */
export const ZPublicSubmissionDocument = zDocumentOf(
  zResourceOf('form_submission', z.object({ received_at: z.string() })),
);
