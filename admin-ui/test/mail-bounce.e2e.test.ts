import { eventually } from '@stageplein/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  PHONE,
  shot,
  signIn,
  startStack,
  userId,
  type TApi,
  type TStack,
} from './stack.ts';

/**
 * The bounce warning on a person's page (issue #35, docs/decisions/mail-delivery.md "Bounces"), through
 * the whole path: the school admin invites a student whose address the stack's SMTP server refuses (the
 * embedded catcher answers 550 to the reserved `.invalid` domain, as a relay answers an unknown
 * mailbox), sends them a bulk message, the mail worker's 5xx suppresses the address, and the admin reads
 * on the student's page that mail does not arrive, the server's answer and the fix (that a corrected
 * address clears it and gets the held mail is mail-delivery.int's).
 */
const TENANT = 'demo';
const BOUNCING = 'femke.bakker@bounce.invalid';
let stack: TStack;
let admin: TApi;
let student: string;

const bounceOf = async (id: string) =>
  (
    await admin.get<{ data: { attributes: { address: string; response: string } } | null }>(
      `/api/v1/mail_bounces/${id}`,
    )
  ).body.data;

beforeAll(async () => {
  stack = await startStack();
  admin = await apiAs(stack.app, TENANT, 'admin', 'school');
  const invited = await admin.send<{ data: { id: string } }>('POST', '/api/v1/users', {
    data: {
      type: 'users',
      attributes: { email: BOUNCING, first_name: 'Femke', last_name: 'Bakker', role: 'student' },
    },
  });
  expect(invited.status).toBe(201);
  student = invited.body.data.id;
  const sent = await admin.send('POST', '/api/v1/internships/bulk_messages', {
    data: {
      type: 'bulk_message',
      attributes: { subject: 'Stagemarkt donderdag', body: 'Kom je ook?', student_ids: [student] },
    },
  });
  expect(sent.status).toBe(201);
  // The worker tries the address, the catcher refuses it (550), and the suppression is written.
  await eventually(async () => expect(await bounceOf(student)).not.toBeNull(), 60_000);
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
        expect(text).toContain(`E-mail naar ${BOUNCING} komt niet aan`);
        expect(text).toContain('weigert dit adres sinds');
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
