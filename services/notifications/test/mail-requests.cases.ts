import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { demoEmail, identityService } from '@stageplein/identity';
import { folderMailsTo } from '@stageplein/identity/mail/mail-folder';
import { placementsService } from '@stageplein/placements';
import { setTenant } from '@stageplein/kit/db/rls';
import { requestMail, type TMailRequest } from '@stageplein/kit/mail/mail-requests';
import { testPlatform } from '@stageplein/testing/harness';
import { eventually } from '@stageplein/testing/eventually';
import { notificationsService } from '../src/notifications.module.ts';
import { testSmtp, type TTestSmtp } from './smtp-test-server.ts';

type TPlatform = Awaited<ReturnType<typeof testPlatform>>;

/**
 * Mail requests (docs/decisions/mail-requests.md) across services: placements requests a mail in its
 * transaction; notifications renders it, queues it on BullMQ (the platform's own redis-server) and its
 * worker sends it over SMTP to the embedded profile's catcher (a real SMTP server: smtp-server), which
 * keeps the `.eml` in MAIL_DIR and the development mailbox; the answer comes back to placements' status.
 * Run on the in-process transport (integration) and on Kafka (engines).
 */
export function mailRequestCases(env: () => Record<string, string>): void {
  let p: TPlatform;
  let mailDir: string;
  const site = 'http://demo.localhost:3000';

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(tmpdir(), 'stageplein-mail-'));
    p = await testPlatform([identityService, placementsService, notificationsService], {
      seed: true,
      env: { PUBLIC_URL_TEMPLATE: 'http://{tenant}.localhost:3000', MAIL_DIR: mailDir, ...env() },
    });
  });
  afterAll(async () => {
    await p?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  type TRequestInput = Omit<TMailRequest, 'tenant' | 'actor' | 'now'>;
  /** A placements use case's transaction that requests a mail (and then fails when `fail`). */
  const request = (mail: TRequestInput, fail = false, platform = p) =>
    platform.deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      const id = await requestMail(trx as Kysely<unknown>, 'placements', platform.deps.config, {
        tenant: 'demo',
        actor: null,
        now: new Date(),
        ...mail,
      } as TMailRequest);
      if (fail) throw new Error('the use case fails after requesting the mail');
      return id;
    });

  const owner = <T>(run: (db: Kysely<unknown>) => Promise<T>, platform = p) => run(platform.owner);

  const deliveryOf = async (id: string, platform = p) =>
    owner(async (db) => {
      const { rows } = await sql<{
        status: string;
        failure_reason: string | null;
        recipient_email: string | null;
      }>`select status, failure_reason, recipient_email from placements.mail_deliveries where id = ${id}`.execute(
        db,
      );
      return rows[0];
    }, platform);

  const settled = async (id: string, status: 'delivered' | 'failed', platform = p) => {
    await eventually(async () => expect((await deliveryOf(id, platform))?.status).toBe(status), 30_000);
    return (await deliveryOf(id, platform))!;
  };

  const devMails = (to: string) =>
    owner(async (db) => {
      const { rows } = await sql<{ kind: string; subject: string; text_body: string; html_body: string }>`
        select kind, subject, text_body, html_body from identity.dev_mails where to_address = ${to} order by seq`.execute(
        db,
      );
      return rows;
    });

  const answers = (id: string, platform = p) =>
    owner(async (db) => {
      const { rows } = await sql<{ type: string }>`
        select envelope->>'type' as type from notifications.outbox where aggregate_id = ${id}`.execute(db);
      return rows.map((r) => r.type);
    }, platform);

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
  const bulkMessage = (userId: string): TRequestInput => ({
    recipient: { userId },
    template: 'bulk_message',
    vars: {
      subject: 'Stage: <b>let op</b>\r\nBcc: evil@example.test',
      body: 'Beste studenten,\n\nDe stage begint <script>alert(1)</script> maandag.\nNeem {{link}} mee & je laptop.',
      sender: 'Het Groene Lyceum',
    },
  });
  const userIdOf = (email: string) =>
    owner(async (db) => {
      const { rows } = await sql<{
        id: string;
      }>`select id from identity.users where email = ${email}`.execute(db);
      return rows[0]!.id;
    });

  describe('a mail requested in placements', () => {
    it('goes through the queue and SMTP: an .eml at the SMTP server, the development mailbox, delivered', async () => {
      const to = `sup-${randomUUID().slice(0, 8)}@example.test`;
      const id = await request(externalLink(to, 'en', 'A'.repeat(43)));
      const delivery = await settled(id, 'delivered');
      expect(delivery).toMatchObject({ failure_reason: null, recipient_email: to });
      // The message as the SMTP server took it (nodemailer's MIME, decoded when read).
      const [eml, ...more] = await folderMailsTo(mailDir, 'demo', to);
      expect(more).toHaveLength(0);
      expect(eml!.file).toMatch(new RegExp(`${id}\\.eml$`));
      expect(eml!.kind).toBe('external_link');
      expect(eml!.subject).toBe('Confirm the hours of Jan Jansen');
      expect(eml!.text).toContain(link('A'.repeat(43)));
      expect(eml!.text).toContain('It is about 12 hours in week 47.');
      expect(eml!.text).toContain('1 December 2026 at 18:00');
      const [row] = await devMails(to);
      expect(row).toMatchObject({ kind: 'external_link', subject: 'Confirm the hours of Jan Jansen' });
      expect(row!.text_body).toContain(link('A'.repeat(43)));
      expect(await answers(id)).toEqual(['notifications.mail.delivered']);
    });

    it("to a user: in the user's language, and a bulk message's text is escaped in HTML", async () => {
      const email = demoEmail('student', 'demo');
      await owner((db) => sql`update identity.users set locale = 'en' where email = ${email}`.execute(db));
      // Notifications learns the language from identity's event, as it would after a profile change.
      const userId = await userIdOf(email);
      await owner((db) => sql`update notifications.users set locale = 'en' where id = ${userId}`.execute(db));
      const id = await request(bulkMessage(userId));
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

    it('follows the preference: no mail for a category switched to in-app, an external link still mailed', async () => {
      const email = demoEmail('mentor', 'demo');
      const userId = await userIdOf(email);
      await owner((db) =>
        sql`insert into notifications.preferences (tenant_id, user_id, category, delivery, updated_at)
          values ('demo', ${userId}, 'messages', 'in_app', now())`.execute(db),
      );
      const unwanted = await request(bulkMessage(userId));
      expect(await settled(unwanted, 'failed')).toMatchObject({ failure_reason: 'not_wanted' });
      const always = await request({ ...externalLink(email, 'nl'), recipient: { userId } });
      await settled(always, 'delivered');
      const mails = await devMails(email);
      expect(mails.map((m) => m.kind)).toEqual(['external_link']);
    });

    it('a rolled-back transaction sends nothing and leaves no event and no status row', async () => {
      const to = `rollback-${randomUUID().slice(0, 8)}@example.test`;
      const deliveryId = randomUUID();
      await expect(request({ ...externalLink(to, 'nl'), deliveryId }, true)).rejects.toThrow(/fails/);
      const outbox = await owner(async (db) => {
        const { rows } =
          await sql`select 1 from placements.outbox where aggregate_id = ${deliveryId}`.execute(db);
        return rows.length;
      });
      expect(outbox).toBe(0);
      expect(await deliveryOf(deliveryId)).toBeUndefined();
      // A mail requested after it goes out; the rolled-back one never does.
      const after = await request(externalLink(`after-${to}`, 'nl'));
      await settled(after, 'delivered');
      expect(await folderMailsTo(mailDir, 'demo', to)).toHaveLength(0);
    });

    it('a replayed request is sent once and answered once', async () => {
      const to = `twice-${randomUUID().slice(0, 8)}@example.test`;
      const id = await request(externalLink(to, 'nl'));
      await settled(id, 'delivered');
      const envelope = await owner(async (db) => {
        const { rows } = await sql<{ envelope: TEventEnvelope }>`
          select envelope from placements.outbox where aggregate_id = ${id}`.execute(db);
        return rows[0]!.envelope;
      });
      // Two copies of the same event, then the same request under a new event id (a producer that wrote
      // it twice): the copies are skipped by event id, the new event by the queue's job id.
      const again = { ...envelope, id: randomUUID() };
      await p.transport.publish([envelope, envelope, again]);
      const processed = (eventId: string) =>
        owner(async (db) => {
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from notifications.processed_events
            where consumer = 'notifications.mail-requests' and event_id = ${eventId}`.execute(db);
          return rows[0]!.n;
        });
      await eventually(async () => expect(await processed(again.id)).toBe(1), 30_000);
      expect(await processed(envelope.id)).toBe(1);
      expect(await folderMailsTo(mailDir, 'demo', to)).toHaveLength(1);
      expect(await devMails(to)).toHaveLength(1);
      expect(await answers(id)).toEqual(['notifications.mail.delivered']);
    });

    it('a burst requested in one transaction (a bulk message) is queued together, each with its own outcome', async () => {
      const [lotte, daan, noor] = (await Promise.all(
        ['lotte@demo.test', 'daan@demo.test', 'noor@demo.test'].map(userIdOf),
      )) as [string, string, string];
      await owner((db) =>
        sql`insert into notifications.preferences (tenant_id, user_id, category, delivery, updated_at)
          values ('demo', ${daan}, 'messages', 'in_app', now())`.execute(db),
      );
      await owner((db) => sql`update notifications.users set locale = 'en' where id = ${noor}`.execute(db));
      const to = `burst-${randomUUID().slice(0, 8)}@example.test`;
      // One use case's transaction, so the relay hands the requests to notifications as one batch.
      const ids = await p.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        const one = (mail: TRequestInput) =>
          requestMail(trx as Kysely<unknown>, 'placements', p.deps.config, {
            tenant: 'demo',
            actor: null,
            now: new Date(),
            ...mail,
          } as TMailRequest);
        return [
          await one(bulkMessage(lotte)),
          await one(bulkMessage(daan)),
          await one(bulkMessage(noor)),
          await one(bulkMessage(randomUUID())),
          await one(externalLink(to, 'nl')),
        ];
      });
      const [toLotte, toDaan, toNoor, toNobody, external] = ids as [string, string, string, string, string];
      await settled(toLotte, 'delivered');
      await settled(toNoor, 'delivered');
      await settled(external, 'delivered');
      expect(await settled(toDaan, 'failed')).toMatchObject({ failure_reason: 'not_wanted' });
      expect(await settled(toNobody, 'failed')).toMatchObject({ failure_reason: 'unknown_recipient' });
      // Each in its recipient's language, each once.
      expect((await devMails('lotte@demo.test')).map((m) => m.text_body.split(' ')[0])).toEqual(['Hallo']);
      expect((await devMails('noor@demo.test')).map((m) => m.text_body.split(' ')[0])).toEqual(['Hello']);
      expect(await devMails('daan@demo.test')).toHaveLength(0);
      expect(await folderMailsTo(mailDir, 'demo', to)).toHaveLength(1);
      for (const id of ids) expect(await answers(id)).toHaveLength(1);
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
      expect(await folderMailsTo(mailDir, 'demo', to)).toHaveLength(0);
    });
  });

  describe('a relay that refuses', () => {
    let smtp: TTestSmtp;
    let refusing: TPlatform;
    beforeAll(async () => {
      smtp = await testSmtp((to) => (to.startsWith('gone-') ? 'reject' : 'accept'));
      refusing = await testPlatform([identityService, placementsService, notificationsService], {
        seed: true,
        env: { PUBLIC_URL_TEMPLATE: 'http://{tenant}.localhost:3000', MAIL_SMTP_URL: smtp.url, ...env() },
      });
    });
    afterAll(async () => {
      await refusing?.close();
      await smtp?.close();
    });

    it('a 5xx ends failed (hard bounce), suppresses the address, and its next mail is not tried', async () => {
      const to = `gone-${randomUUID().slice(0, 8)}@example.test`;
      const first = await request(externalLink(to, 'nl'), false, refusing);
      expect(await settled(first, 'failed', refusing)).toMatchObject({ failure_reason: 'hard_bounce' });
      expect(await answers(first, refusing)).toEqual(['notifications.mail.failed']);
      const suppression = await owner(async (db) => {
        const { rows } = await sql<{ reason: string }>`
          select reason from notifications.mail_suppressions where address = ${to}`.execute(db);
        return rows[0];
      }, refusing);
      expect(suppression).toEqual({ reason: 'hard_bounce' });
      const tries = smtp.tries.filter((t) => t.to === to).length;
      const second = await request(externalLink(to, 'nl'), false, refusing);
      expect(await settled(second, 'failed', refusing)).toMatchObject({ failure_reason: 'suppressed' });
      expect(smtp.tries.filter((t) => t.to === to)).toHaveLength(tries);
      // Another address of the same tenant still goes out.
      const fine = `fine-${randomUUID().slice(0, 8)}@example.test`;
      await settled(await request(externalLink(fine, 'nl'), false, refusing), 'delivered', refusing);
      expect(smtp.received.map((m) => m.to)).toContain(fine);
    });

    it("a user's mail that bounced hard is sent again once their address is corrected", async () => {
      const email = demoEmail('bedrijf', 'demo');
      const userId = await userIdOf(email);
      const bad = `gone-${randomUUID().slice(0, 8)}@example.test`;
      // The read model as identity's events leave it after a mistyped address.
      await owner(
        (db) => sql`update notifications.users set email = ${bad} where id = ${userId}`.execute(db),
        refusing,
      );
      const id = await request({ ...externalLink(email, 'nl'), recipient: { userId } }, false, refusing);
      expect(await settled(id, 'failed', refusing)).toMatchObject({ failure_reason: 'hard_bounce' });
      const fixed = `fixed-${randomUUID().slice(0, 8)}@example.test`;
      const updated = (address: string): TEventEnvelope => ({
        id: randomUUID(),
        type: 'identity.user.updated',
        source: 'identity',
        subject: userId,
        time: new Date().toISOString(),
        tenant: 'demo',
        actor: 'system',
        version: 1,
        data: {
          user_id: userId,
          email: address,
          first_name: 'Bea',
          last_name: null,
          gender: null,
          status: 'active',
          locale: 'nl',
          periodic_mail_frequency: 'never',
        },
      });
      const correction = updated(fixed);
      // The correction told twice (a replay): one resend.
      await refusing.transport.publish([correction, correction, updated(fixed)]);
      expect(await settled(id, 'delivered', refusing)).toMatchObject({ failure_reason: null });
      await eventually(
        async () => expect(smtp.received.filter((m) => m.to === fixed)).toHaveLength(1),
        30_000,
      );
      expect(smtp.received.find((m) => m.to === fixed)!.subject).toBe('Bevestig de uren van Jan Jansen');
      const held = await owner(async (db) => {
        const { rows } = await sql`select 1 from notifications.held_mails where user_id = ${userId}`.execute(
          db,
        );
        return rows.length;
      }, refusing);
      expect(held).toBe(0);
    });
  });
}
