import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import {
  as,
  createUser,
  demoCreds,
  demoEmail,
  eventually,
  identityHarness,
  mailsTo,
  linkParam,
  org,
  withOwner,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';
import { notificationsService } from '@stageplein/notifications';
import { organizationsService } from '@stageplein/organizations';
import { identityService } from '../identity.module.ts';

/**
 * Identity's account mails go the way every service's do (docs/decisions/mail-requests.md): requested in
 * the use case's transaction, rendered by notifications from the tenant's template, queued and sent over
 * SMTP to the suite's catcher (whose folder the test reads, as a person reads their mail).
 */
let h: TIdentityHarness;

beforeAll(async () => {
  // Organizations too: notifications lets only an approved School's admins edit templates (its read model).
  h = await identityHarness({ services: [identityService, organizationsService, notificationsService] });
});
afterAll(async () => {
  await h?.close();
});

const askReset = async (email: string, tenant: string) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/password',
    headers: { 'x-tenant': tenant },
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const deliveriesTo = (email: string) =>
  withOwner(h, async (owner) => {
    const { rows } = await sql<{ id: string; template: string; status: string }>`
      select id, template, status from identity.mail_deliveries where recipient_email = ${email}
      order by requested_at`.execute(owner);
    return rows;
  });

describe('account mails through notifications', () => {
  it("a tenant's own template of an account kind is the mail its people get; the link still works", async () => {
    const admin = await demoCreds(h.app, 'admin');
    const saved = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/notification_templates/password_reset',
      headers: as(admin, 'demo', org('demo', 'school')),
      payload: {
        data: {
          type: 'notification_template',
          attributes: {
            subject_nl: '{{appName}}: een nieuw wachtwoord voor {{name}}',
            body_nl: 'Dag {{name}},\n\nKies hieronder een nieuw wachtwoord; de link is {{validFor}} geldig.',
          },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const email = 'eigen-sjabloon@demo.test';
    await createUser(h, { email });
    await askReset(email, 'demo');
    const [mail] = await mailsTo(h.app, email);
    expect(mail!.attributes.kind).toBe('password_reset');
    expect(mail!.attributes.subject).toBe('Stageplein Demo: een nieuw wachtwoord voor Test');
    expect(mail!.attributes.text_body).toContain(
      'Kies hieronder een nieuw wachtwoord; de link is 6 uur geldig.',
    );
    const reset = await h.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: { 'x-tenant': 'demo' },
      payload: {
        reset_password_token: linkParam(mail!, 'reset_password_token'),
        password: 'eigen-sjabloon-1',
        password_confirmation: 'eigen-sjabloon-1',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Identity hears it was delivered.
    await eventually(async () => expect(await deliveriesTo(email)).toMatchObject([{ status: 'delivered' }]));

    // Another tenant keeps the shipped text.
    const other = 'standaard@raayland.test';
    await createUser(h, { email: other, tenant: 'raayland' });
    await askReset(other, 'raayland');
    const [theirs] = await mailsTo(h.app, other, 'raayland');
    expect(theirs!.attributes.subject).toMatch(/^Wachtwoord opnieuw instellen voor /);
  });

  it('a mail request names as its actor the person whose action caused it: the inviter, the person asking a reset', async () => {
    const actorsOf = (email: string) =>
      withOwner(h, async (owner) => {
        const { rows } = await sql<{ template: string; actor: string }>`
          select d.template, o.envelope->>'actor' as actor from identity.mail_deliveries d
          join identity.outbox o on o.aggregate_id::text = d.id::text and o.type = 'identity.mail.requested'
          where d.recipient_email = ${email} order by d.requested_at`.execute(owner);
        return rows;
      });
    const adminId = await withOwner(h, async (owner) => {
      const { rows } = await sql<{ id: string }>`select id from identity.users
        where tenant_id = 'demo' and email = ${demoEmail('admin', 'demo')}`.execute(owner);
      return rows[0]!.id;
    });
    const invited = `uitgenodigd-${randomUUID().slice(0, 8)}@demo.test`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: as(await demoCreds(h.app, 'admin'), 'demo', org('demo', 'school')),
      payload: { data: { type: 'user', attributes: { email: invited, first_name: 'Ines' } } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const invitedId = res.json().data.id as string;
    expect(await actorsOf(invited)).toEqual([{ template: 'invitation', actor: adminId }]);

    const asking = `herstel-${randomUUID().slice(0, 8)}@demo.test`;
    await createUser(h, { email: asking });
    await askReset(asking, 'demo');
    const askingId = await withOwner(h, async (owner) => {
      const { rows } = await sql<{
        id: string;
      }>`select id from identity.users where email = ${asking}`.execute(owner);
      return rows[0]!.id;
    });
    expect(await actorsOf(asking)).toEqual([{ template: 'password_reset', actor: askingId }]);
    expect(invitedId).not.toBe(adminId);
  });

  it('a replayed request is sent once', async () => {
    const email = 'twee-keer@demo.test';
    await createUser(h, { email });
    await askReset(email, 'demo');
    await mailsTo(h.app, email);
    await eventually(async () => expect(await deliveriesTo(email)).toMatchObject([{ status: 'delivered' }]));
    const [delivery] = await deliveriesTo(email);
    const envelope = await withOwner(h, async (owner) => {
      const { rows } = await sql<{ envelope: TEventEnvelope }>`
        select envelope from identity.outbox where aggregate_id = ${delivery!.id}`.execute(owner);
      return rows[0]!.envelope;
    });
    expect(envelope.type).toBe('identity.mail.requested');
    // The same event twice (skipped by its id), then the same request under a new event id (the queue's
    // job id, the delivery id, adds nothing).
    const again = { ...envelope, id: randomUUID() };
    await h.platform.transport.publish([envelope, envelope, again]);
    await eventually(async () => {
      const processed = await withOwner(h, (owner) =>
        sql<{ n: number }>`select count(*)::int as n from notifications.processed_events
          where consumer = 'notifications.mail-requests' and event_id = ${again.id}`.execute(owner),
      );
      expect(processed.rows[0]!.n).toBe(1);
    }, 30_000);
    // A fence: a new request queued after the replays; once its mail is in, a replayed one would be too.
    await askReset(email, 'demo');
    expect(await mailsTo(h.app, email, 'demo', 2)).toHaveLength(2);
    const kept = await withOwner(h, (owner) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from identity.dev_mails where to_address = ${email}`.execute(owner),
    );
    expect(kept.rows[0]!.n).toBe(2);
  });
});
