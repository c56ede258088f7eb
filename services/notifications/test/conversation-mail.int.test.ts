import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { demoEmail, identityService } from '@stageplein/identity';
import { testPlatform } from '@stageplein/testing/harness';
import { eventually } from '@stageplein/testing/eventually';
import { notificationsService } from '../src/notifications.module.ts';

/**
 * A new message in a conversation is mailed per the person's preference (docs/decisions/conversations.md
 * "Telling people"): through the real queue (the platform's redis-server) and the embedded profile's SMTP
 * catcher (identity's development mailbox), `email` (the default) gets one, `in_app` none, and a replayed
 * event mails nobody twice.
 */
let p: Awaited<ReturnType<typeof testPlatform>>;
let mailDir: string;
let company: string;
let admin: string;
const conversation = randomUUID();

const idOf = async (email: string) =>
  (await sql<{ id: string }>`select id from identity.users where email = ${email}`.execute(p.owner)).rows[0]!
    .id;

const mailsTo = async (email: string) =>
  (
    await sql<{ kind: string; subject: string; text_body: string }>`
      select kind, subject, text_body from identity.dev_mails
      where to_address = ${email} and kind = 'conversation_message' order by seq`.execute(p.owner)
  ).rows;

function posted(recipients: string[]): TEventEnvelope {
  return {
    id: randomUUID(),
    type: 'notifications.conversation.message_posted',
    source: 'notifications',
    subject: conversation,
    time: new Date().toISOString(),
    tenant: 'demo',
    actor: 'system',
    version: 1,
    data: {
      conversation_id: conversation,
      message_id: randomUUID(),
      kind: 'internship',
      internship_id: randomUUID(),
      author_id: randomUUID(),
      author_name: 'Sam Student',
      title: 'Stage bij de bakker',
      internal: false,
      recipient_ids: recipients,
    },
  };
}

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(tmpdir(), 'stageplein-mail-'));
  p = await testPlatform([identityService, notificationsService], {
    seed: true,
    env: { PUBLIC_URL_TEMPLATE: 'http://{tenant}.localhost:3000', MAIL_DIR: mailDir },
  });
  company = await idOf(demoEmail('bedrijf', 'demo'));
  admin = await idOf(demoEmail('admin', 'demo'));
  // The school's admin hears of messages in the app only.
  await p.owner.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
    await sql`insert into notifications.preferences (tenant_id, user_id, category, delivery, updated_at)
      values ('demo', ${admin}, 'messages', 'in_app', now())`.execute(trx);
  });
}, 180_000);
afterAll(async () => {
  await p?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('a new message by mail', () => {
  it('mails those who want mail, once, in their language, linking to the conversation', async () => {
    const first = posted([company, admin]);
    await p.transport.publish([first]);
    await eventually(async () => expect(await mailsTo(demoEmail('bedrijf', 'demo'))).toHaveLength(1), 30_000);
    const [mail] = await mailsTo(demoEmail('bedrijf', 'demo'));
    expect(mail!.kind).toBe('conversation_message');
    expect(mail!.subject).toBe('Sam Student schreef in het gesprek over ‘Stage bij de bakker’');
    expect(mail!.text_body).toContain(`http://demo.localhost:3000/conversations?id=${conversation}`);

    // Replayed, and a later message: the company has two mails (not three); the admin (in_app) none.
    await p.transport.publish([first]);
    await p.transport.publish([posted([company, admin])]);
    await eventually(async () => expect(await mailsTo(demoEmail('bedrijf', 'demo'))).toHaveLength(2), 30_000);
    expect(await mailsTo(demoEmail('admin', 'demo'))).toEqual([]);
  });

  it("is written with the tenant's own template of the kind", async () => {
    // The row the back office's editor saves (/notification_templates/conversation_message/edit).
    await p.owner.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
      await sql`insert into notifications.mail_templates
        (tenant_id, kind, subject_nl, body_nl, subject_en, body_en, updated_by, updated_at)
        values ('demo', 'conversation_message', 'Bericht van {{author}} ({{internship}})',
          'Hoi {{name}},

Lees het bericht van {{author}} in {{appName}}.', 'Message from {{author}}',
          'Hi {{name}}', null, now())`.execute(trx);
    });
    const before = (await mailsTo(demoEmail('bedrijf', 'demo'))).length;
    await p.transport.publish([posted([company])]);
    let latest: { subject: string; text_body: string } | undefined;
    await eventually(async () => {
      const mails = await mailsTo(demoEmail('bedrijf', 'demo'));
      expect(mails).toHaveLength(before + 1);
      latest = mails.at(-1);
    }, 30_000);
    expect(latest!.subject).toBe('Bericht van Sam Student (Stage bij de bakker)');
    expect(latest!.text_body).toContain('Lees het bericht van Sam Student in Stageplein Demo.');
    expect(latest!.text_body).toContain(`http://demo.localhost:3000/conversations?id=${conversation}`);
  });
});
