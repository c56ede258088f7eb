import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  latestMail,
  openMailedLink,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Issue #30 item 6's last sentence in Chromium on the real stack (oldebroek, an hours tenant): a
 * supervisor named by name and e-mail (no account) opens their hours link on a phone and asks for an
 * account; the company's admin sees the request in "Wacht op jou" and invites them in one click; the
 * invitation mail reaches the supervisor (the dev mailbox). Until then no account exists.
 */
const TENANT = 'oldebroek';
// The demo student's running internship (services/placements/src/internships/internships.seed.ts, n = 0).
const INTERNSHIP = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);
const FLEUR = 'fleur.veld@zorgboerderij.test';

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const accounts = async () =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from identity.users where lower(email) = ${FLEUR}`.execute(stack.platform.owner)
    ).rows[0]!.n,
  );

describe('a supervisor without an account asks for one', () => {
  it('asks on a phone from the hours link; the company admin invites from the dashboard; the mail arrives', async () => {
    // Set-up through the API (the naming and hours screens have their own tests): Fleur named by the
    // company, approved by the school; the student logs hours and mails her the link.
    const company = await apiAs(stack.app, TENANT, 'bedrijf', 'provider');
    const named = await company.send('PATCH', `/api/v1/internships/${INTERNSHIP}`, {
      data: {
        type: 'internships',
        id: INTERNSHIP,
        attributes: { supervisor_id: null, supervisor_name: 'Fleur van Veld', supervisor_email: FLEUR },
      },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const school = await apiAs(stack.app, TENANT, 'admin', 'school');
    const approved = await school.send('POST', `/api/v1/internships/${INTERNSHIP}/supervisor_approval`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const student = await apiAs(stack.app, TENANT, 'student', 'school');
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    const logged = await student.send('POST', `/api/v1/hours/${INTERNSHIP}/entries`, {
      data: { type: 'hours_entry', attributes: { date: today, hours: 2, description: 'Moestuin met Fleur' } },
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const sent = await student.send('POST', `/api/v1/hours/${INTERNSHIP}/supervisor_link`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // Fleur opens the link on her phone, signed out, and asks for an account.
    const fleur = await openMailedLink(stack, TENANT, FLEUR, '/urenbevestiging', 'hours-confirmation-page');
    const fp = fleur.page;
    const section = fp.getByTestId('supervisor-account');
    await section.waitFor();
    expect(await section.getByRole('heading').textContent()).toBe('Wil je een account?');
    await expectAccessible(fp, 'supervisor link page with the account question (phone)');
    await shot(fp, 'supervisor-account-ask');
    await section.getByTestId('supervisor-account-ask').click();
    const status = section.getByTestId('supervisor-account-status');
    await expect.poll(() => status.textContent()).toContain('Je aanvraag is verstuurd');
    expect(await status.textContent()).toContain(FLEUR);
    expect(await fp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(fp, 'supervisor link page after asking (phone)');
    await shot(fp, 'supervisor-account-asked');
    // Reloaded, the page still knows: asking again is not offered.
    await fp.reload();
    await expect.poll(() => fp.getByTestId('supervisor-account-status').textContent()).toContain('verstuurd');
    expect(await fp.getByTestId('supervisor-account-ask').count()).toBe(0);
    expect(await accounts()).toBe(0);

    // The company's admin sees the request in "Wacht op jou" and invites Fleur.
    const admin = await openPortal(stack, { viewport: DESKTOP });
    const ap = admin.page;
    await signIn(ap, stack, TENANT, demo('bedrijf', TENANT));
    await ap.goto(stack.url(TENANT, '/dashboard'));
    const waiting = ap.getByTestId('dashboard-waiting');
    await waiting.waitFor();
    await expect.poll(() => waiting.getAttribute('aria-busy')).toBe('false');
    const queue = waiting.locator('[data-queue="accountRequests"]');
    await expect.poll(() => queue.getByTestId('dashboard-waiting-count').textContent()).toBe('1');
    const request = queue.getByTestId('account-request');
    expect(await request.textContent()).toContain(`Fleur van Veld (${FLEUR}) vraagt een account`);
    await expectAccessible(ap, 'company dashboard with a supervisor asking for an account');
    await shot(ap, 'supervisor-account-dashboard');
    await request.getByTestId('account-request-invite').click();
    await expect
      .poll(() => ap.getByTestId('toast').first().textContent())
      .toContain(`Fleur van Veld is uitgenodigd. De uitnodiging is gemaild naar ${FLEUR}.`);
    await expect.poll(() => queue.count()).toBe(0);
    await shot(ap, 'supervisor-account-invited');

    // The invitation mail reaches Fleur (identity's invitation: she chooses her password from it).
    const mail = await latestMail(stack, TENANT, FLEUR, 'invitation');
    expect(mail).toMatch(/confirmation_token=/);
    const operator = await apiAs(stack.app, TENANT, 'admin', 'volunteer-center');
    const mailbox = await operator.get<{ data: { attributes: { to: string } }[] }>(
      `/api/v1/dev/mailbox?to=${encodeURIComponent(FLEUR)}`,
    );
    expect(mailbox.status).toBe(200);
    expect(mailbox.body.data.some((m) => m.attributes.to === FLEUR)).toBe(true);
    // An invited account: it is hers once she accepts the invitation.
    const { rows } = await sql<{ status: string }>`select status from identity.users
      where lower(email) = ${FLEUR}`.execute(stack.platform.owner);
    expect(rows).toEqual([{ status: 'invited' }]);

    // Her link page tells her.
    await fp.reload();
    await expect
      .poll(() => fp.getByTestId('supervisor-account-status').textContent())
      .toContain('uitgenodigd');
    for (const p of [fleur, admin]) {
      expect(p.problems).toEqual([]);
      await p.context.close();
    }
  });
});
