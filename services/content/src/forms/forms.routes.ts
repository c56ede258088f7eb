import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORM_SUBMISSIONS_QUERY,
  FORMS_QUERY,
  ZFormCollection,
  ZFormDocument,
  ZFormCreateInput,
  ZFormInput,
  ZFormSubmissionCollection,
  ZFormSubmissionDocument,
  ZFormVersionCollection,
  ZFormVersionDocument,
} from '@stageplein/contracts/forms/forms-api';
import { notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../content.config.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { noStore } from '../shared/cache.ts';
import { requireFormScope } from '../shared/editor.ts';
import { contextOf, requestUrl, type TCtx } from '../shared/request.ts';
import {
  allSubmissions,
  findSubmission,
  findVersion,
  listForms,
  listSubmissions,
  submissionCounts,
  submissionCountsByVersion,
  versionsOf,
  type TFormRow,
} from './forms.repository.ts';
import { filesOfSubmissions } from './form-files/form-files.repository.ts';
import { filesBySubmission } from './form-files/form-files.serialize.ts';
import { sendValidationFailed } from '@stageplein/kit/errors/validation-failed';
import {
  formResource,
  submissionResource,
  submissionsCsv,
  versionResource,
  versionSummaryResource,
} from './forms.serialize.ts';
import {
  archiveForm,
  changeForm,
  createForm,
  duplicateForm,
  formOr404,
  publishForm,
} from './forms.service.ts';

const TAGS = ['cms', 'forms'];
const ZId = z.object({ id: z.uuid() });

/**
 * The route's body shape (contracts' `ZFormCreateBody`/`ZFormUpdateBody` with the definition as any
 * object): the definition's own rules, deep and cross-field, are checked by `ZFormInput` in the handler,
 * so the OpenAPI document stays a shape a client or a fuzzer can work with.
 */
const ZFormBody = z.object({
  data: z.object({
    type: z.enum(['form', 'forms']),
    id: z.string().optional(),
    attributes: z
      .object({
        definition: z.record(z.string(), z.unknown()).optional(),
        notify_email: z.string().max(254).nullable().optional(),
        purpose: z.string().optional(),
      })
      .strict(),
  }),
});
type TFormBody = z.infer<typeof ZFormBody>;
const ZFormChange = ZFormInput.partial().strict();

async function formDocument(ctx: TCtx, form: TFormRow) {
  const counts = await submissionCounts(ctx.db, [form.id]);
  return resourceDocument(formResource(form, counts.get(form.id) ?? 0));
}

/**
 * The back office's forms (docs/decisions/forms.md "Back office"): content editors every form of the
 * tenant, a School's admins their School's (contracts' `formScope`); another's form is a 404.
 */
export const formsRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Every route here: the caller's form scope (401/403 without one); answers are never cached. */
  async function editorContext(req: FastifyRequest, reply: FastifyReply) {
    const ctx = await contextOf(req, deps);
    const { author, scope } = await requireFormScope(req, ctx.db);
    noStore(reply);
    return { ctx, author, scope };
  }

  /** The body's attributes as `schema` (creating: `ZFormCreateInput`; a change: `ZFormChange`), or a 422 sent. */
  function formInput<T>(schema: z.ZodType<T>, body: TFormBody, reply: FastifyReply, lang: TCtx['lang']) {
    const parsed = schema.safeParse(body.data.attributes);
    if (!parsed.success) {
      sendValidationFailed(reply, lang, '/data/attributes', parsed.error.issues);
      return null;
    }
    return parsed.data;
  }

  r.get('/api/v1/cms/forms', {
    schema: {
      tags: TAGS,
      summary:
        'The forms the caller may see, newest change first (content editors: all; a School’s admins: its own)',
      description:
        'Filters: `status_eq|_in` (draft, published, archived), `purpose_eq` (general, contact, evaluation, assignment).',
      querystring: ZJsonApiQueryString,
      response: { 200: ZFormCollection },
    },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      const query = parseJsonApiQuery(req.query as Record<string, string>, FORMS_QUERY);
      const { rows, total } = await listForms(ctx.db, query, scope);
      const counts = await submissionCounts(
        ctx.db,
        rows.map((f) => f.id),
      );
      return collectionDocument(
        rows.map((f) => formResource(f, counts.get(f.id) ?? 0)),
        { total, links: pageLinks(requestUrl(req), query, total) },
      );
    },
  });

  r.post('/api/v1/cms/forms', {
    schema: {
      tags: TAGS,
      summary:
        'Create a form as a draft (a School’s admins: their School’s, general only); without a definition it starts with one question',
      body: ZFormBody,
      response: { 201: ZFormDocument },
    },
    handler: async (req, reply) => {
      const { ctx, author, scope } = await editorContext(req, reply);
      const input = formInput(ZFormCreateInput, req.body, reply, ctx.lang);
      if (!input) return reply;
      const { purpose, ...attributes } = input;
      const owner = scope.kind === 'organization' ? scope.organizationId : null;
      const form = await createForm(ctx, author, attributes, purpose, owner);
      return reply.status(201).send(await formDocument(ctx, form));
    },
  });

  r.get('/api/v1/cms/forms/:id', {
    schema: { tags: TAGS, summary: 'One form with its draft', params: ZId, response: { 200: ZFormDocument } },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      return formDocument(ctx, await formOr404(ctx, scope, req.params.id));
    },
  });

  r.patch('/api/v1/cms/forms/:id', {
    schema: {
      tags: TAGS,
      summary: 'Save the draft definition or the notify address (409 form_archived for an archived form)',
      params: ZId,
      body: ZFormBody,
      response: { 200: ZFormDocument },
    },
    handler: async (req, reply) => {
      const { ctx, author, scope } = await editorContext(req, reply);
      const form = await formOr404(ctx, scope, req.params.id);
      assertSameId(req.body.data.id, form.id);
      const input = formInput(ZFormChange, req.body, reply, ctx.lang);
      if (!input) return reply;
      return formDocument(ctx, await changeForm(ctx, author, form, input));
    },
  });

  const action = (path: string, summary: string, run: typeof publishForm, status: 200 | 201 = 200) =>
    r.post(path, {
      schema: { tags: TAGS, summary, params: ZId, response: { [status]: ZFormDocument } },
      handler: async (req, reply) => {
        const { ctx, author, scope } = await editorContext(req, reply);
        const form = await run(ctx, author, await formOr404(ctx, scope, (req.params as { id: string }).id));
        return reply.status(status).send(await formDocument(ctx, form));
      },
    });
  action(
    '/api/v1/cms/forms/:id/publish',
    'Publish the draft as the next version; from now visitors get it at its public address',
    publishForm,
  );
  action('/api/v1/cms/forms/:id/duplicate', 'A new draft form with the same definition', duplicateForm, 201);
  action('/api/v1/cms/forms/:id/archive', 'Take the form offline and close it for changes', archiveForm);

  r.get('/api/v1/cms/forms/:id/versions', {
    schema: {
      tags: TAGS,
      summary: 'Every published version of the form, newest first, with its submission count',
      params: ZId,
      response: { 200: ZFormVersionCollection },
    },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      const form = await formOr404(ctx, scope, req.params.id);
      const counts = await submissionCountsByVersion(ctx.db, form.id);
      const versions = (await versionsOf(ctx.db, form.id)).reverse();
      return collectionDocument(
        versions.map((v) => versionSummaryResource(v, counts.get(v.version) ?? 0)),
        { total: versions.length },
      );
    },
  });

  r.get('/api/v1/cms/forms/:id/versions/:version', {
    schema: {
      tags: TAGS,
      summary: 'A published version’s definition (what its submissions answered)',
      params: z.object({ id: z.uuid(), version: z.string() }),
      response: { 200: ZFormVersionDocument },
    },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      const form = await formOr404(ctx, scope, req.params.id);
      // Checked here, not in the params schema: see forms-public.routes.ts on patterns in path parameters.
      if (!/^[1-9][0-9]{0,6}$/.test(req.params.version)) throw notFound();
      const version = await findVersion(ctx.db, ctx.tenant.id, form.id, Number(req.params.version));
      if (!version) throw notFound();
      return resourceDocument(versionResource(version));
    },
  });

  r.get('/api/v1/cms/forms/:id/submissions', {
    schema: {
      tags: TAGS,
      summary: 'A form’s submissions, newest first',
      params: ZId,
      querystring: ZJsonApiQueryString,
      response: { 200: ZFormSubmissionCollection },
    },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      const form = await formOr404(ctx, scope, req.params.id);
      const query = parseJsonApiQuery(req.query as Record<string, string>, FORM_SUBMISSIONS_QUERY);
      const { rows, total } = await listSubmissions(ctx.db, form.id, query);
      const files = filesBySubmission(
        await filesOfSubmissions(
          ctx.db,
          rows.map((s) => s.id),
        ),
      );
      return collectionDocument(
        rows.map((s) => submissionResource(s, files.get(s.id))),
        {
          total,
          links: pageLinks(requestUrl(req), query, total),
        },
      );
    },
  });

  r.get('/api/v1/cms/forms/:id/submissions/export', {
    schema: {
      tags: TAGS,
      summary: 'Every submission as CSV (`;`, UTF-8 with BOM; formula-safe cells)',
      params: ZId,
    },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      const form = await formOr404(ctx, scope, req.params.id);
      const csv = submissionsCsv(await versionsOf(ctx.db, form.id), await allSubmissions(ctx.db, form.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="formulier-${form.id}.csv"`)
        .send(csv);
    },
  });

  r.get('/api/v1/cms/forms/:id/submissions/:submissionId', {
    schema: {
      tags: TAGS,
      summary: 'One submission (render it against GET …/versions/{form_version})',
      params: z.object({ id: z.uuid(), submissionId: z.uuid() }),
      response: { 200: ZFormSubmissionDocument },
    },
    handler: async (req, reply) => {
      const { ctx, scope } = await editorContext(req, reply);
      const form = await formOr404(ctx, scope, req.params.id);
      const submission = await findSubmission(ctx.db, form.id, req.params.submissionId);
      if (!submission) throw notFound();
      const files = filesBySubmission(await filesOfSubmissions(ctx.db, [submission.id]));
      return resourceDocument(submissionResource(submission, files.get(submission.id)));
    },
  });
};
