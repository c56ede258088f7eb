import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { identityService } from '@stageplein/identity';
import { notificationsService } from '@stageplein/notifications';
import { DEMO_PASSWORD, demoEmail } from '@stageplein/identity/seeds/seed';
import { folderMailsTo } from '@stageplein/identity/mail/mail-folder';
import { organizationsService } from '../src/organizations.module.ts';
import {
  auditOf,
  call,
  eventually,
  expectError,
  harness,
  outboxEvents,
  seedOrg,
  type THarness,
} from './harness.ts';

/**
 * Signup → approval → first admin, through both services: organizations writes the events, identity
 * invites and mails (dev mailbox), the relay carries the events, the admin confirms and signs in.
 */
let h: THarness;
let ip = 0;

// The mail is read from the mail folder, as a newcomer without an operator account reads it.
const mailDir = mkdtempSync(path.join(tmpdir(), 'stageplein-mail-'));

beforeAll(async () => {
  h = await harness({
    // Identity's mails reach the folder through notifications' queue and the suite's SMTP catcher.
    services: [identityService, organizationsService, notificationsService],
    env: {
      PASSWORD_SCRYPT_COST: '10',
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_CONFIRM: '1000',
      MAIL_DIR: mailDir,
    },
  });
});
afterAll(async () => {
  await h?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

type TCreds = Record<string, string>;
const credsOf = (res: LightMyRequestResponse): TCreds => ({
  'access-token': String(res.headers['access-token']),
  client: String(res.headers.client),
  uid: String(res.headers.uid),
});

async function signIn(email: string, password = DEMO_PASSWORD) {
  return h.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': 'demo' },
    payload: { email, password },
  });
}

const as = (creds: TCreds, organizationId?: string) => ({
  'x-tenant': 'demo',
  ...creds,
  ...(organizationId ? { 'x-current-organization-id': organizationId } : {}),
});

interface TMail {
  attributes: { kind: string; to: string; subject: string; text_body: string };
}
async function mailsTo(to: string): Promise<TMail[]> {
  return (await folderMailsTo(mailDir, 'demo', to)).map((m) => ({
    attributes: { kind: m.kind, to: m.to, subject: m.subject, text_body: m.text },
  }));
}
const linkParam = (mail: TMail, name: string) =>
  new URL(/https?:\/\/\S+/.exec(mail.attributes.text_body)![0]).searchParams.get(name)!;

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  data: {
    type: 'organization_signup',
    attributes: {
      organization_type: 'School',
      name: 'Het Groene Lyceum',
      city: 'Utrecht',
      address: 'Biltstraat 100',
      postcode: '3572 BJ',
      website: 'https://groenelyceum.test',
      admin_email: 'directie@groenelyceum.test',
      admin_first_name: 'Greta',
      admin_last_name: 'Groen',
      ...overrides,
    },
  },
});

/** Each signup from its own address, so the per-address limit only bites where a test means it to. */
const signUp = (body: unknown, lang = 'nl', from = `10.1.0.${++ip}`) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/organizations/signup',
    headers: { 'x-tenant': 'demo', 'accept-language': lang },
    // The client's address is the socket's: X-Forwarded-For counts only from TRUSTED_PROXIES.
    remoteAddress: from,
    payload: body as object,
  });

async function moderator() {
  const res = await signIn(demoEmail('admin', 'demo'));
  expect(res.statusCode, res.body).toBe(200);
  const creds = credsOf(res);
  // The demo admin's roles reach organizations through identity's seeded role events.
  await eventually(async () => {
    const orgs = await call(h.app, { url: '/api/v1/current_organizations', headers: as(creds) });
    expect(orgs.json().data.map((o: { id: string }) => o.id)).toContain(seedOrg('volunteer-center'));
  });
  return as(creds, seedOrg('volunteer-center'));
}

describe('signup → approval → the first admin signs in', () => {
  it('runs end to end, with events, mails and an audit trail', async () => {
    const res = await signUp(signupBody(), 'en');
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json().data;
    expect(org).toMatchObject({
      type: 'School',
      attributes: { status: 'pending', name: 'Het Groene Lyceum' },
    });
    const [signedUp] = await outboxEvents(h, 'organizations.organization.signed_up', org.id);
    expect(signedUp).toMatchObject({
      actor: 'anonymous',
      data: {
        organization_type: 'School',
        first_admin: { email: 'directie@groenelyceum.test', first_name: 'Greta', locale: 'en' },
      },
    });

    // Identity invites the applicant: an English invitation with a confirmation link.
    let invitation: TMail | undefined;
    await eventually(async () => {
      invitation = (await mailsTo('directie@groenelyceum.test')).find(
        (m) => m.attributes.kind === 'invitation',
      );
      expect(invitation).toBeDefined();
    });
    expect(invitation!.attributes.subject).toContain('invited');
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: {
        confirmation_token: linkParam(invitation!, 'confirmation_token'),
        password: 'groen-en-veilig',
        password_confirmation: 'groen-en-veilig',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Decision: the admin of a pending organization may sign in and sees the request as pending…
    const signedIn = await signIn('directie@groenelyceum.test', 'groen-en-veilig');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const applicant = credsOf(signedIn);
    await eventually(async () => {
      const mine = await call(h.app, { url: '/api/v1/current_organizations', headers: as(applicant) });
      expect(mine.json().data).toEqual([
        expect.objectContaining({ id: org.id, attributes: expect.objectContaining({ status: 'pending' }) }),
      ]);
    });
    // …but the organization is not usable until approved.
    const group = { data: { type: 'group', attributes: { name: '1A' } } };
    const early = await call(h.app, {
      method: 'POST',
      url: '/api/v1/groups',
      headers: as(applicant, org.id),
      payload: group,
    });
    expectError(early, 403, 'organization_not_approved');
    // It may fix its own profile meanwhile.
    const fix = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${org.id}`,
      headers: as(applicant, org.id),
      payload: { data: { type: 'School', id: org.id, attributes: { phone: '030-2223344' } } },
    });
    expect(fix.statusCode, fix.body).toBe(200);

    // The tenant's moderators see it in the approval queue, with the applicant.
    const mod = await moderator();
    const queue = await call(h.app, {
      url: '/api/v1/organizations?filter[status_eq]=pending&include=signup',
      headers: mod,
    });
    expect(queue.json().data.map((o: { id: string }) => o.id)).toContain(org.id);
    expect(queue.json().included).toContainEqual(
      expect.objectContaining({
        type: 'organization_signup',
        id: org.id,
        attributes: expect.objectContaining({ admin_email: 'directie@groenelyceum.test' }),
      }),
    );
    // The applicant cannot approve their own organization.
    const self = { data: { type: 'School', id: org.id, attributes: { status: 'approved' } } };
    expectError(
      await call(h.app, {
        method: 'PUT',
        url: `/api/v1/organizations/${org.id}/approve`,
        headers: as(applicant, org.id),
        payload: self,
      }),
      403,
    );
    const approved = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${org.id}/approve`,
      headers: mod,
      payload: self,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The applicant hears about it (in their language) and can now work with the organization.
    await eventually(async () => {
      const mail = (await mailsTo('directie@groenelyceum.test')).find(
        (m) => m.attributes.kind === 'organization_approved',
      );
      expect(mail?.attributes.subject).toBe('Het Groene Lyceum has been approved');
    });
    const later = await call(h.app, {
      method: 'POST',
      url: '/api/v1/groups',
      headers: as(applicant, org.id),
      payload: group,
    });
    expect(later.statusCode, later.body).toBe(201);
    expect((await auditOf(h, org.id)).map((a) => [a.action, a.before_status, a.after_status])).toEqual([
      ['organization.signed_up', null, 'pending'],
      ['organization.updated', null, null],
      ['organization.approved', 'pending', 'approved'],
    ]);
  });

  it('an applicant approved before confirming has one invitation link, and it keeps working', async () => {
    const email = 'eigenaar@fietsenmaker.test';
    const res = await signUp(
      signupBody({
        name: 'Fietsenmaker Spaak',
        organization_type: 'Provider',
        postcode: '3511 JJ',
        admin_email: email,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    await eventually(async () => {
      expect((await mailsTo(email)).map((m) => m.attributes.kind)).toContain('invitation');
    });
    const mod = await moderator();
    const approved = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${id}/approve`,
      headers: mod,
      payload: { data: { type: 'Provider', id, attributes: { status: 'approved' } } },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    let approval: TMail | undefined;
    await eventually(async () => {
      approval = (await mailsTo(email)).find((m) => m.attributes.kind === 'organization_approved_invited');
      expect(approval).toBeDefined();
    });
    // The approval tells the applicant to use their invitation, and mails no second one that would
    // silently replace the first (it says it is valid for 14 days).
    const invitations = (await mailsTo(email)).filter((m) => m.attributes.kind === 'invitation');
    expect(invitations).toHaveLength(1);
    expect(approval!.attributes.text_body).toContain('uitnodiging');
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: {
        confirmation_token: linkParam(invitations[0]!, 'confirmation_token'),
        password: 'spaak-en-band',
        password_confirmation: 'spaak-en-band',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await signIn(email, 'spaak-en-band')).statusCode).toBe(200);
  });

  it('an invitation that expired before the approval is replaced by one new link', async () => {
    const email = 'baas@schildersbedrijf.test';
    const res = await signUp(
      signupBody({
        name: 'Schildersbedrijf Kwast',
        organization_type: 'Provider',
        postcode: '3511 KK',
        admin_email: email,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    await eventually(async () => {
      expect((await mailsTo(email)).map((m) => m.attributes.kind)).toContain('invitation');
    });
    // The review took longer than the link lives (14 days).
    await sql`update identity.users set confirmation_sent_at = confirmation_sent_at - interval '15 days'
      where email = ${email}`.execute(h.owner);
    const approved = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${id}/approve`,
      headers: await moderator(),
      payload: { data: { type: 'Provider', id, attributes: { status: 'approved' } } },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    let invitations: TMail[] = [];
    await eventually(async () => {
      invitations = (await mailsTo(email)).filter((m) => m.attributes.kind === 'invitation');
      expect(invitations).toHaveLength(2);
    });
    const confirm = (mail: TMail) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/confirm',
        headers: { 'x-tenant': 'demo' },
        payload: {
          confirmation_token: linkParam(mail, 'confirmation_token'),
          password: 'kwast-en-verf',
          password_confirmation: 'kwast-en-verf',
        },
      });
    // Newest first: the new link works, the expired one does not.
    const [renewed, expired] = invitations;
    expectError(await confirm(expired!), 422, 'token_invalid');
    expect((await confirm(renewed!)).statusCode).toBe(200);
  });

  it('a denial is mailed with the reason; the same applicant may then apply again', async () => {
    const body = signupBody({
      name: 'Bakkerij Brood',
      organization_type: 'Provider',
      postcode: '3511 BB',
      admin_email: 'bakker@brood.test',
    });
    const res = await signUp(body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    expectError(
      await signUp(
        signupBody({
          name: ' bakkerij BROOD',
          organization_type: 'Provider',
          postcode: '3511bb',
          admin_email: 'ander@brood.test',
        }),
      ),
      409,
      'organization_duplicate',
    );
    expectError(
      await signUp(
        signupBody({ name: 'Andere Bakkerij', postcode: '3511 CC', admin_email: 'BAKKER@brood.test' }),
      ),
      409,
      'signup_duplicate',
    );

    const mod = await moderator();
    const deny = {
      data: {
        type: 'Provider',
        id,
        attributes: { status: 'denied', reason: 'Geen stageplekken voor leerlingen.' },
      },
    };
    expect(
      (
        await call(h.app, {
          method: 'PUT',
          url: `/api/v1/organizations/${id}/approve`,
          headers: mod,
          payload: deny,
        })
      ).statusCode,
    ).toBe(200);
    await eventually(async () => {
      const mail = (await mailsTo('bakker@brood.test')).find(
        (m) => m.attributes.kind === 'organization_denied',
      );
      expect(mail?.attributes.text_body).toContain('Geen stageplekken voor leerlingen.');
    });
    // Control: after the denial neither the name nor the applicant blocks a new request.
    expect((await signUp(body)).statusCode).toBe(201);
  });

  it('someone who already has an account here is asked to accept the role (issue #12), not given it', async () => {
    const email = demoEmail('mentor', 'demo');
    const res = await signUp(
      signupBody({
        name: 'Sportclub Vooruit',
        organization_type: 'NonProfit',
        postcode: '3511 DD',
        admin_email: email,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    let offer: TMail | undefined;
    await eventually(async () => {
      const mails = await mailsTo(email);
      offer = mails.find((m) => m.attributes.kind === 'role_invitation');
      expect(offer).toBeDefined();
      expect(mails.map((m) => m.attributes.kind)).not.toContain('invitation');
    });
    const creds = credsOf(await signIn(email));
    const mine = async () =>
      (await call(h.app, { url: '/api/v1/current_organizations', headers: as(creds) }))
        .json()
        .data.map((o: { id: string }) => o.id);
    expect(await mine()).not.toContain(res.json().data.id);
    const accepted = await h.app.inject({
      method: 'POST',
      url: '/api/v1/confirm',
      headers: { 'x-tenant': 'demo' },
      payload: { confirmation_token: linkParam(offer!, 'confirmation_token') },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await eventually(async () => expect(await mine()).toContain(res.json().data.id));
  });

  it('an address registered with another tenant is not invited; identity records why', async () => {
    const res = await signUp(
      signupBody({
        name: 'Elders Geregistreerd',
        postcode: '3511 EE',
        admin_email: demoEmail('admin', 'raayland'),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => {
      const { rows } = await sql<{
        action: string;
      }>`select action from identity.audit_log where subject_id = ${res.json().data.id}`.execute(h.owner);
      expect(rows).toEqual([{ action: 'organization.first_admin_not_invited' }]);
    });
    // Requested in the use case's transaction or not at all: none for the other tenant's address.
    const requested = await sql`select 1 from identity.mail_deliveries
      where recipient_email = ${demoEmail('admin', 'raayland')}`.execute(h.owner);
    expect(requested.rows).toEqual([]);
    expect(await mailsTo(demoEmail('admin', 'raayland'))).toEqual([]);
  });

  it('a moderator creating an organization may name its first admin, whom identity invites', async () => {
    const mod = await moderator();
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/organizations',
      headers: { ...mod, 'accept-language': 'en' },
      payload: {
        data: {
          type: 'NonProfit',
          attributes: {
            name: 'Voedselbank Utrecht',
            city: 'Utrecht',
            admin_email: 'Coordinator@Voedselbank.test',
            admin_first_name: 'Cor',
            admin_last_name: 'Dinator',
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes.status).toBe('approved');
    await eventually(async () => {
      const invitation = (await mailsTo('coordinator@voedselbank.test')).find(
        (m) => m.attributes.kind === 'invitation',
      );
      expect(invitation?.attributes.subject).toContain('invited');
    });
    // The mail folder's file is written inside identity's transaction, just before it commits the role.
    await eventually(async () => {
      const { rows } = await sql<{
        name: string;
      }>`select name from identity.roles where resource_id = ${res.json().data.id}`.execute(h.owner);
      expect(rows).toEqual([{ name: 'admin' }]);
    });
  });

  it('deleting an organization takes its roles away everywhere', async () => {
    const res = await signUp(
      signupBody({
        name: 'Kortstondig',
        organization_type: 'Provider',
        postcode: '3511 FF',
        admin_email: 'kort@stondig.test',
      }),
    );
    const id = res.json().data.id;
    await eventually(async () => {
      const { rows } = await sql`select 1 from organizations.auth_roles where resource_id = ${id}`.execute(
        h.owner,
      );
      expect(rows).toHaveLength(1);
    });
    const mod = await moderator();
    expect(
      (await call(h.app, { method: 'DELETE', url: `/api/v1/organizations/${id}`, headers: mod })).statusCode,
    ).toBe(200);
    await eventually(async () => {
      const identityRoles = await sql`select 1 from identity.roles where resource_id = ${id}`.execute(
        h.owner,
      );
      const readModel = await sql`select 1 from organizations.auth_roles where resource_id = ${id}`.execute(
        h.owner,
      );
      expect([identityRoles.rows.length, readModel.rows.length]).toEqual([0, 0]);
    });
  });
});

describe('signup validation', () => {
  it('answers localized field errors with pointers', async () => {
    const bad = signupBody({ postcode: undefined, admin_email: 'geen-email', name: '' });
    const nl = await signUp(bad, 'nl');
    const en = await signUp(bad, 'en');
    expectError(nl, 422, 'validation_failed');
    const byPointer = (res: LightMyRequestResponse) =>
      Object.fromEntries(
        res
          .json()
          .errors.map((e: { source: { pointer: string }; detail: string }) => [e.source.pointer, e.detail]),
      );
    expect(byPointer(nl)).toMatchObject({
      '/data/attributes/postcode': 'Dit veld is verplicht',
      '/data/attributes/admin_email': 'Vul een geldig e-mailadres in',
      '/data/attributes/name': 'Dit veld is verplicht',
    });
    expect(byPointer(en)['/data/attributes/admin_email']).not.toBe(
      byPointer(nl)['/data/attributes/admin_email'],
    );
    // A wrong postcode gets the portal form's message (one rule in contracts, both ends).
    expect(byPointer(await signUp(signupBody({ postcode: '0123 AB' }), 'nl'))).toEqual({
      '/data/attributes/postcode': 'Vul een geldige postcode in, bijvoorbeeld 1234 AB',
    });
    // Status is not the applicant's to choose.
    expectError(await signUp(signupBody({ status: 'approved' })), 422, 'validation_failed');
  });

  it('limits signups per client address', async () => {
    const from = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signUp(
        signupBody({ name: `Spam ${i}`, postcode: '3511 GG', admin_email: `spam${i}@spam.test` }),
        'nl',
        from,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Control: another address is not affected.
    expect(
      (await signUp(signupBody({ name: 'Geen spam', postcode: '3511 HH', admin_email: 'echt@mens.test' })))
        .statusCode,
    ).toBe(201);
  });
});
