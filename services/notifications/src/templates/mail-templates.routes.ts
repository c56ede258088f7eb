import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMailTemplateCollection,
  ZMailTemplateDocument,
  ZMailTemplatePreviewBody,
  ZMailTemplatePreviewDocument,
  ZMailTemplateUpdateBody,
  type TMailTemplateResource,
} from '@stageplein/contracts/notifications/mail-templates';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TNotificationsDeps } from '../notifications.config.ts';
import { requireOrganizationCaller } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import {
  getMailTemplate,
  kindOf,
  listMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  type TMailTemplate,
} from './mail-templates.service.ts';

const TAGS = ['notifications'];
const PATH = '/api/v1/notification_templates';
const ZKindParams = z.object({ id: z.string() });

const templateResource = (t: TMailTemplate): TMailTemplateResource => ({
  type: 'notification_template',
  id: t.kind,
  attributes: {
    kind: t.kind,
    variables: t.variables,
    customized: t.customized,
    subject_nl: t.subject_nl,
    body_nl: t.body_nl,
    subject_en: t.subject_en,
    body_en: t.body_en,
    updated_at: t.updatedAt?.toISOString() ?? null,
  },
});

/**
 * The tenant's mail templates (docs/decisions/notifications.md "Templates"), one per kind, its id the
 * kind: the tenant's own texts or the shipped default. Only its school and centre admins (403 for
 * anyone else signed in); a tenant's rows are its own (RLS).
 */
export const mailTemplatesRoutes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PATH, {
    schema: {
      tags: TAGS,
      summary: 'Every mail kind’s template as the tenant sends it',
      description: 'School and centre admins only. `customized`: the tenant replaced the shipped default.',
      response: { 200: ZMailTemplateCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireOrganizationCaller(req, ctx.db);
      const data = (await listMailTemplates(ctx, caller)).map(templateResource);
      return collectionDocument(data, { total: data.length });
    },
  });

  r.get(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: 'One mail kind’s template as the tenant sends it',
      params: ZKindParams,
      response: { 200: ZMailTemplateDocument },
    },
    handler: async (req) => {
      const kind = kindOf(req.params.id);
      const ctx = await contextOf(req, deps);
      const caller = await requireOrganizationCaller(req, ctx.db);
      return resourceDocument(templateResource(await getMailTemplate(ctx, caller, kind)));
    },
  });

  r.patch(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: 'Replace the default template of a mail kind with the tenant’s own texts',
      description:
        'Any of subject_nl, body_nl, subject_en, body_en. A `{{variable}}` the kind does not have is refused: `notification_template_unknown_variable` (422); a block (the digest’s `{{items}}`) not once alone in its paragraph of each body, or in a subject: `notification_template_block_misplaced` (422).',
      params: ZKindParams,
      body: ZMailTemplateUpdateBody,
      response: { 200: ZMailTemplateDocument },
    },
    handler: async (req) => {
      const kind = kindOf(req.params.id);
      assertSameId(req.body.data.id, kind);
      const ctx = await contextOf(req, deps);
      const caller = await requireOrganizationCaller(req, ctx.db);
      const saved = await saveMailTemplate(ctx, caller, kind, req.body.data.attributes);
      return resourceDocument(templateResource(saved));
    },
  });

  r.delete(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: 'Back to the shipped default template of a mail kind',
      params: ZKindParams,
      response: { 200: ZMailTemplateDocument },
    },
    handler: async (req) => {
      const kind = kindOf(req.params.id);
      const ctx = await contextOf(req, deps);
      const caller = await requireOrganizationCaller(req, ctx.db);
      return resourceDocument(templateResource(await resetMailTemplate(ctx, caller, kind)));
    },
  });

  r.post(`${PATH}/:id/preview`, {
    schema: {
      tags: TAGS,
      summary: 'A mail kind’s template rendered with sample data, in nl and en',
      description:
        'The texts given (not saved) over the current ones. Unknown variables are refused as on saving.',
      params: ZKindParams,
      body: ZMailTemplatePreviewBody,
      response: { 200: ZMailTemplatePreviewDocument },
    },
    handler: async (req) => {
      const kind = kindOf(req.params.id);
      const ctx = await contextOf(req, deps);
      const caller = await requireOrganizationCaller(req, ctx.db);
      const preview = await previewMailTemplate(ctx, caller, kind, req.body.data.attributes);
      return resourceDocument({ type: 'notification_template_preview', id: kind, attributes: preview });
    },
  });
};
