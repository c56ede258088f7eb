import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { placementsService } from '@stageplein/placements';
import { setTenant } from '@stageplein/kit/db/rls';
import { requestMail, type TMailRequest } from '@stageplein/kit/mail/mail-requests';
import { identityService } from '../src/identity.module.ts';
import {
  demoEmail,
  eventually,
  identityHarness,
  mailsTo,
  withOwner,
  type TIdentityHarness,
} from './identity-harness.ts';

/**
 * Mail requests (docs/decisions/mail-requests.md) across two services: placements requests a mail in
 * its transaction, identity sends it from its consumer and answers, placements' status consumer keeps
 * the per-recipient status. Run on the in-process transport (integration) and on Kafka (engines).
 */
export function mailRequestCases(env: () => Record<string, string>): void {
  let h: TIdentityHarness;
  const site = 'http://demo.localhost:3000';

  beforeAll(async () => {
    h = await identityHarness({
      services: [identityService, placementsService],
      env: { PUBLIC_URL_TEMPLATE: 'http://{tenant}.localhost:3000', ...env() },
    });
  });
  afterAll(async () => h?.close());

  type TRequestInput = Omit<TMailRequest, 'tenant' | 'actor' | 'now'>;
  /** A placements use case's transaction that requests a mail (and then fails when `fail`). */
  const request = (mail: TRequestInput, fail = false) =>
    h.deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      const id = await requestMail(trx as Kysely<unknown>, 'placements', h.deps.config, {
        tenant: 'demo',
        actor: null,
        now: new Date(),
        ...mail,
      } as TMailRequest);
      if (fail) throw new Error('the use case fails after requesting the mail');
      return id;
    });

  const deliveryOf = (id: string) =>
    withOwner(h, async (owner) => {
      const { rows } = await sql<{
        status: string;
        failure_reason: string | null;
        recipient_email: string | null;
      }>`
        select status, failure_reason, recipient_email from placements.mail_deliveries where id = ${id}`.execute(
        owner,
      );
      return rows[0];
    });

  const settled = async (id: string, status: 'delivered' | 'failed') => {
    await eventually(async () => expect((await deliveryOf(id))?.status).toBe(status), 30_000);
    return (await deliveryOf(id))!;
  };

  const devMails = (to: string) =>
    withOwner(h, async (owner) => {
      const { rows } = await sql<{ kind: string; subject: string; text_body: string; html_body: string }>`
        select kind, subject, text_body, html_body from identity.dev_mails where to_address = ${to} order by seq`.execute(
        owner,
      );
      return rows;
    });

  const link = (token: string) => `${site}/urenbriefje/11111111-1111-4111-8111-111111111111?link=${token}`;
  const externalLink = (to: string, language: 'nl' | 'en', token = 'T'.repeat(43)): TRequestInput => ({
    recipient: { email: to, name: 'Sam Supervisor', language },
    template: 'external_link',
    vars: {
      purpose: { nl: 'Bevestig de uren van Jan Jansen', en: 'Confirm the hours of Jan Jansen' },
      details: { nl: 'Het gaat om 12 uur in week 47.', en: 'It is about 12 hours in week 47.' },
      expires_at: '2026-12-01T17:00:00Z',
    },
    link: link(token),
  });

  describe('a mail requested in placements', () => {
    it('lands in the mailbox in the requested language, with the link opened, and comes back delivered', async () => {
      const to = `sup-${randomUUID().slice(0, 8)}@example.test`;
      const id = await request(externalLink(to, 'en', 'A'.repeat(43)));
      const delivery = await settled(id, 'delivered');
      expect(delivery).toMatchObject({ failure_reason: null, recipient_email: to });
      const mails = await mailsTo(h.app, to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.attributes.subject).toBe('Confirm the hours of Jan Jansen');
      expect(mails[0]!.attributes.text_body).toContain(link('A'.repeat(43)));
      expect(mails[0]!.attributes.text_body).toContain('It is about 12 hours in week 47.');
      expect(mails[0]!.attributes.text_body).toContain('1 December 2026 at 18:00');
      const [row] = await devMails(to);
      expect(row!.kind).toBe('external_link');
    });

    it("to a user: in the user's language, and a bulk message's text is escaped in HTML", async () => {
      const email = demoEmail('student', 'demo');
      const userId = await withOwner(h, async (owner) => {
        const { rows } = await sql<{
          id: string;
        }>`update identity.users set locale = 'en' where email = ${email} returning id`.execute(owner);
        return rows[0]!.id;
      });
      const id = await request({
        recipient: { userId },
        template: 'bulk_message',
        vars: {
          subject: 'Stage: <b>let op</b>\r\nBcc: evil@example.test',
          body: 'Beste studenten,\n\nDe stage begint <script>alert(1)</script> maandag.\nNeem {{link}} mee & je laptop.',
          sender: 'Het Groene Lyceum',
        },
      });
      await settled(id, 'delivered');
      const [mail] = await devMails(email);
      expect(mail!.kind).toBe('bulk_message');
      // Its subject is one line; the English frame (the user's language) around the admin's own words.
      expect(mail!.subject).toBe('Stage: <b>let op</b> Bcc: evil@example.test');
      expect(mail!.text_body).toMatch(/^Hello /);
      expect(mail!.text_body).toContain('Neem {{link}} mee & je laptop.');
      expect(mail!.html_body).not.toContain('<script>');
      expect(mail!.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail!.html_body).toContain('<p>Beste studenten,</p>');
      expect(mail!.html_body).toContain('maandag.<br>Neem {{link}} mee &amp; je laptop.');
      expect(mail!.html_body).toContain(`href="${site}"`);
    });

    it('a rolled-back transaction sends nothing and leaves no event and no status row', async () => {
      const to = `rollback-${randomUUID().slice(0, 8)}@example.test`;
      const deliveryId = randomUUID();
      await expect(request({ ...externalLink(to, 'nl'), deliveryId }, true)).rejects.toThrow(/fails/);
      const outbox = await withOwner(h, async (owner) => {
        const { rows } =
          await sql`select 1 from placements.outbox where aggregate_id = ${deliveryId}`.execute(owner);
        return rows.length;
      });
      expect(outbox).toBe(0);
      expect(await deliveryOf(deliveryId)).toBeUndefined();
      // A mail requested after it goes out; the rolled-back one never does.
      const after = await request(externalLink(`after-${to}`, 'nl'));
      await settled(after, 'delivered');
      expect(await mailsTo(h.app, to)).toHaveLength(0);
    });

    it('a redelivered request is sent once, and answered once', async () => {
      const to = `twice-${randomUUID().slice(0, 8)}@example.test`;
      const id = await request(externalLink(to, 'nl'));
      await settled(id, 'delivered');
      const envelope = await withOwner(h, async (owner) => {
        const { rows } = await sql<{ envelope: TEventEnvelope }>`
          select envelope from placements.outbox where aggregate_id = ${id}`.execute(owner);
        return rows[0]!.envelope;
      });
      // Two copies of the same event, then a new event of the same subject (same partition, after them):
      // once its mail is there, the copies have been handled.
      const follower = { ...envelope, id: randomUUID() };
      await h.platform.transport.publish([envelope, envelope, follower]);
      await eventually(async () => expect(await mailsTo(h.app, to)).toHaveLength(2), 30_000);
      const processed = await withOwner(h, async (owner) => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from identity.processed_events
          where consumer = 'identity.mail-requests' and event_id = ${envelope.id}`.execute(owner);
        return rows[0]!.n;
      });
      expect(processed).toBe(1);
      // Sent once for the original (three deliveries of it) and once for the new event; answered alike.
      expect(await mailsTo(h.app, to)).toHaveLength(2);
      const answers = await withOwner(h, async (owner) => {
        const { rows } = await sql`select 1 from identity.outbox where aggregate_id = ${id}`.execute(owner);
        return rows.length;
      });
      expect(answers).toBe(2);
    });

    it('failures come back with their reason: an unknown user, a link to another site', async () => {
      const unknown = await request({
        recipient: { userId: randomUUID() },
        template: 'reminder',
        vars: { subject: { nl: 'Herinnering', en: 'Reminder' }, body: { nl: 'Uren', en: 'Hours' } },
      });
      expect(await settled(unknown, 'failed')).toMatchObject({ failure_reason: 'unknown_recipient' });
      const to = `phish-${randomUUID().slice(0, 8)}@example.test`;
      const foreign = await request({ ...externalLink(to, 'nl'), link: 'https://evil.example/login' });
      expect(await settled(foreign, 'failed')).toMatchObject({ failure_reason: 'unreadable_link' });
      expect(await mailsTo(h.app, to)).toHaveLength(0);
    });
  });
}
