import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zCollectionOf, zResourceOf } from '@stageplein/contracts/jsonapi/jsonapi';
import { notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument } from '@stageplein/kit/jsonapi/serialize';
import { requestDb } from '../database.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const ZMail = zResourceOf(
  'mail',
  z.object({
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    text_body: z.string(),
    created_at: z.string(),
    html_url: z.string(),
  }),
);

/**
 * The embedded profile's mailbox (only with MAIL_TRANSPORT=dev-mailbox outside production): the
 * tenant's outgoing mail, newest first, so a person can follow the links. `?to=` narrows it down.
 */
export const devMailboxRoutes: FastifyPluginAsync<TIdentityDeps> = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/dev/mailbox', {
    schema: {
      tags: ['development'],
      summary: 'Mail sent by this tenant (embedded profile only)',
      querystring: z.object({ to: z.string().optional() }),
      response: { 200: zCollectionOf(ZMail) },
    },
    handler: async (req) => {
      const db = await requestDb(req);
      const rows = await db
        .selectFrom('identity.dev_mails')
        .selectAll()
        .$if(!!req.query.to, (q) =>
          q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', req.query.to!.trim().toLowerCase())),
        )
        .orderBy('seq', 'desc')
        .limit(100)
        .execute();
      const data = rows.map((m): z.infer<typeof ZMail> => ({
        type: 'mail',
        id: m.id,
        attributes: {
          kind: m.kind,
          to: m.to_address,
          subject: m.subject,
          text_body: m.text_body,
          created_at: m.created_at.toISOString(),
          html_url: `/api/v1/dev/mailbox/${m.id}`,
        },
      }));
      return collectionDocument(data, { total: data.length });
    },
  });

  r.get('/api/v1/dev/mailbox/:id', {
    schema: {
      tags: ['development'],
      summary: 'One mail as the recipient sees it (HTML)',
      params: z.object({ id: z.uuid() }),
    },
    handler: async (req, reply) => {
      const db = await requestDb(req);
      const mail = await db
        .selectFrom('identity.dev_mails')
        .selectAll()
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!mail) throw notFound();
      return reply.type('text/html; charset=utf-8').send(mail.html_body);
    },
  });
};
