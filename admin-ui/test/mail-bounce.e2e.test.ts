import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  PHONE,
  shot,
  signIn,
  startStack,
  userId,
  type TStack,
} from './stack.ts';

/**
 * The bounce warning on a person's page (issue #35, docs/decisions/mail-delivery.md "Bounces"): the
 * school admin opens the student whose address is suppressed and reads that mail does not arrive, the
 * server's answer, since when and the fix. The suppression is written as the mail worker writes it on a
 * 5xx (that path runs against a real SMTP server in mail-delivery.int); here the page is what is tested.
 */
const TENANT = 'demo';
let stack: TStack;
let student: string;
beforeAll(async () => {
  stack = await startStack();
  student = await userId(await apiAs(stack.app, TENANT, 'admin', 'school'), TENANT, 'student');
  await sql`insert into notifications.mail_suppressions
      (tenant_id, address, soft_bounces, suppressed_at, reason, last_response, updated_at)
    values (${TENANT}, ${demo('student', TENANT)}, 0, '2026-11-20T09:30:00Z', 'hard_bounce',
      '550 5.1.1 Mailbox unavailable', now())`.execute(stack.platform.owner);
});
afterAll(async () => stack?.close());

describe('the bounce warning', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'the school admin sees on the student’s page that mail bounces, why, since when and the fix (%s)',
    async (label, viewport) => {
      const session = await openBrowser(stack, { viewport });
      try {
        const { page } = session;
        await signIn(page, stack, TENANT, 'admin');
        await openAdmin(page, stack, TENANT, `/users/${student}`);
        const warning = page.getByTestId('mail-bounce');
        await warning.waitFor();
        const text = (await warning.textContent()) ?? '';
        expect(text).toContain(`E-mail naar ${demo('student', TENANT)} komt niet aan`);
        expect(text).toContain('weigert dit adres sinds 20 november 2026');
        expect(text).toContain('550 5.1.1 Mailbox unavailable');
        expect(text).toContain('Pas het e-mailadres aan');
        await expectAccessible(page, `bounce warning at ${viewport.width}px`);
        await shot(page, `mail-bounce-${label}`);
        expect(session.problems, session.problems.join('\n')).toEqual([]);
      } finally {
        await session.context.close();
      }
    },
  );

  it('shows nothing on the page of a person whose mail arrives', async () => {
    const session = await openBrowser(stack, { viewport: DESKTOP });
    try {
      const { page } = session;
      await signIn(page, stack, TENANT, 'admin');
      const mentor = await userId(await apiAs(stack.app, TENANT, 'admin', 'school'), TENANT, 'mentor');
      const answered = page.waitForResponse((r) => r.url().endsWith(`/api/v1/mail_bounces/${mentor}`));
      await openAdmin(page, stack, TENANT, `/users/${mentor}`);
      const res = await answered;
      expect(res.status()).toBe(200);
      expect((await res.json()).data).toBeNull();
      await page.getByTestId('role-mentor').waitFor();
      expect(await page.getByTestId('mail-bounce').count()).toBe(0);
    } finally {
      await session.context.close();
    }
  });
});
