import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_MESSAGES_QUERY,
  ZBulkMessageBody,
  ZBulkMessageCollection,
  ZBulkMessageDocument,
  ZBulkMessageRecipientsBody,
  ZBulkMessageRecipientsDocument,
  ZBulkMessageStudentCollection,
} from '@stageplein/contracts/placements/bulk-messages';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks } from '@stageplein/kit/jsonapi/serialize';
import { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { bulkMessageResource, deliveryResource } from './bulk-messages.serialize.ts';
import {
  countRecipients,
  listBulkMessages,
  readBulkMessage,
  sendBulkMessage,
  statusesOf,
  studentsWithoutInternship,
  type TBulkMessageWithDeliveries,
} from './bulk-messages.service.ts';

const TAGS = ['internships'];
const PATH = '/api/v1/internships/bulk_messages';

/**
 * Bulk messages of a school to the people of its internships (docs/decisions/self-found-and-bulk-
 * messages.md). The message's document includes every delivery with its status.
 */
export const bulkMessagesRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const document = async (ctx: Awaited<ReturnType<typeof contextOf>>, m: TBulkMessageWithDeliveries) => {
    const statusOf = await statusesOf(ctx, m.deliveries);
    return {
      data: bulkMessageResource(m.message, m.deliveries, statusOf, true),
      included: m.deliveries.map((d) => deliveryResource(d, statusOf)),
    };
  };

  r.post(PATH, {
    schema: {
      tags: TAGS,
      summary: 'Send one message to the students (and contacts, supervisors) of internships of the school',
      description:
        'School admins acting for their approved School. `internship_ids` must all be internships of that school (else 422 naming ' +
        'the first that is not). One mail per recipient address through the shared mail module. A client-generated `data.id` ' +
        'makes the request safe to repeat: the same id answers the message sent first (200) and mails no one again.',
      body: ZBulkMessageBody.extend({
        data: ZBulkMessageBody.shape.data.extend({ id: z.uuid().optional() }),
      }),
      response: { 200: ZBulkMessageDocument, 201: ZBulkMessageDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const sent = await sendBulkMessage(ctx, caller, { ...req.body.data.attributes, id: req.body.data.id });
      return reply.status(sent.created ? 201 : 200).send(await document(ctx, sent));
    },
  });

  r.post(`${PATH}/recipients`, {
    schema: {
      tags: TAGS,
      summary:
        'How many people a selection of internships and students reaches (the confirmation before sending)',
      description: 'The same selection and checks as sending; nothing is written or mailed.',
      body: ZBulkMessageRecipientsBody,
      response: { 200: ZBulkMessageRecipientsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          type: 'bulk_message_recipients' as const,
          id: 'preview',
          attributes: await countRecipients(ctx, caller, req.body.data.attributes),
        },
      };
    },
  });

  const ids = z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.uuid()).max(200));

  r.get(`${PATH}/students`, {
    schema: {
      tags: TAGS,
      summary: "The school's students without an internship yet, by group, level and period (school admins)",
      querystring: z.object({
        'filter[group_id_in]': ids,
        'filter[level_id_in]': ids,
        'filter[internship_period_id_eq]': z.uuid().optional(),
      }),
      response: { 200: ZBulkMessageStudentCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const students = await studentsWithoutInternship(ctx, caller, {
        groupIds: req.query['filter[group_id_in]'],
        levelIds: req.query['filter[level_id_in]'],
        periodId: req.query['filter[internship_period_id_eq]'] ?? null,
      });
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(
        students.map((s) => ({
          type: 'bulk_message_student' as const,
          id: s.id,
          attributes: {
            first_name: s.first_name,
            last_name: s.last_name,
            email: s.email,
            group_name: s.group_name,
          },
        })),
      );
    },
  });

  r.get(PATH, {
    schema: {
      tags: TAGS,
      summary: "The school's bulk messages, newest first, with counts of their deliveries per status",
      querystring: ZJsonApiQueryString,
      response: { 200: ZBulkMessageCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const query = parseJsonApiQuery(req.query as Record<string, string>, BULK_MESSAGES_QUERY);
      const { items, total } = await listBulkMessages(ctx, caller, query.page);
      const statusOf = await statusesOf(
        ctx,
        items.flatMap((i) => i.deliveries),
      );
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(
        items.map((i) => bulkMessageResource(i.message, i.deliveries, statusOf, false)),
        { total, links: pageLinks(requestUrl(req), query, total) },
      );
    },
  });

  r.get(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: 'One bulk message of the school with every recipient and the status of their mail',
      params: z.object({ id: z.uuid() }),
      response: { 200: ZBulkMessageDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      reply.header('cache-control', 'private, no-store');
      return document(ctx, await readBulkMessage(ctx, caller, req.params.id));
    },
  });
};
