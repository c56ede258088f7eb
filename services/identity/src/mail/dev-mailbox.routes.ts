import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zCollectionOf, zResourceOf } from '@stageplein/contracts/jsonapi/jsonapi';
import { isPlatformOperator } from '@stageplein/contracts/organizations/moderation';
import { forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument } from '@stageplein/kit/jsonapi/serialize';
import { requestDb, type TDb } from '../database.ts';
import { requireCaller, type TSignedInCaller } from '../shared/caller.ts';
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
 * The mail holds reset, confirmation and sign-in tokens of everyone in the tenant, so only its platform
 * operators (admins acting for an approved VolunteerCenter, the audit log's readers) read it. The
 * organization's type and status come from the caller (kit's, shared/caller.ts).
 */
const mailboxPolicy = (caller: TSignedInCaller) => isPlatformOperator(caller.permissions, caller.current);

async function authorizeOperator(req: FastifyRequest): Promise<TDb> {
  const db = await requestDb(req);
  if (!mailboxPolicy(await requireCaller(req, db))) throw forbidden();
  return db;
}

/**
 * The embedded profile's mailbox (DEV_MAILBOX, never in production): the tenant's outgoing mail,
 * newest first, for its platform operators. `?to=` narrows it down. A newcomer without an operator
 * account reads the same mail in `npm start`'s terminal or in `.data/mail/`.
 */
export const devMailboxRoutes: FastifyPluginAsync<TIdentityDeps> = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/dev/mailbox', {
    schema: {
      tags: ['development'],
      summary: 'Mail sent by this tenant (embedded profile only; platform operators)',
      querystring: z.object({ to: z.string().optional() }),
      response: { 200: zCollectionOf(ZMail) },
    },
    handler: async (req) => {
      const db = await authorizeOperator(req);
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
      const db = await authorizeOperator(req);
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
