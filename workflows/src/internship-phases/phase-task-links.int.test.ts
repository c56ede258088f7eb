import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { eventually, importHarness, TENANT, type TImportHarness } from '../../test/import-harness.ts';

/**
 * The workplace supervisor's phase tasks through kit's external links, on the run's Temporal dev server:
 * a published version gives the first phase a supervisor's approval; once the school activates an
 * internship with an approved supervisor, entering that phase mails the supervisor a link
 * (`placements.mail.requested`, the token sealed); the link shows the task and completes it through the
 * workflow's Update; an unknown or expired link and a link used for another internship's task are refused;
 * a done task's link shows it done and refuses a second completion; a cancelled internship's link is revoked.
 */
let h: TImportHarness;
// The demo tenant's seeded internships: the active one (runs the seeded default) and an accepted one.
const SEEDED = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);
const INTERNSHIP = uuidV5(`${TENANT}:internship:2`, SEED_NAMESPACE);
const SUPERVISOR = 'bram.begeleider@zorgcentrum.test';
const SUPERVISOR_TASK = randomUUID();

const get = (url: string, headers: Record<string, string> = h.headers) =>
  h.app.inject({ method: 'GET', url, headers });
const post = (url: string) => h.app.inject({ method: 'POST', url, headers: h.headers });
const patch = (url: string, payload: object) =>
  h.app.inject({
    method: 'PATCH',
    url,
    headers: { ...h.headers, 'content-type': 'application/vnd.api+json' },
    payload,
  });
const byLink = (method: 'GET' | 'POST', url: string, token: string, language = 'nl') =>
  h.app.inject({
    method,
    url,
    headers: { 'x-tenant': TENANT, 'x-action-link': token, 'accept-language': language },
  });

/** The tokens of the phase-task links mailed so far (the sealed links opened), oldest first. */
async function mailedTokens(): Promise<string[]> {
  const { rows } = await sql<{ envelope: { data: { link_sealed?: string } } }>`
    select envelope from placements.outbox where type = ${mailRequestedType('placements')} order by seq`.execute(
    h.owner,
  );
  return rows
    .map((r) => (r.envelope.data.link_sealed ? openLink(h.config, r.envelope.data.link_sealed) : null))
    .filter((l): l is string => !!l && /\/fasetaak#/.test(l))
    .map((l) => {
      expect(l).toMatch(/^https?:\/\/\S+\/fasetaak#[A-Za-z0-9_-]{43}$/);
      return l.split('#')[1]!;
    });
}

beforeAll(async () => {
  h = await importHarness({ placements: true });
  // Placements learns the roles from identity's events.
  await eventually(async () => {
    const res = await get('/api/v1/phase_tasks');
    if (res.statusCode !== 200) throw new Error(`GET /api/v1/phase_tasks: ${res.statusCode} ${res.body}`);
  }, 30_000);
}, 600_000);
afterAll(async () => h?.close(), 60_000);

describe("the workplace supervisor's phase tasks by link", () => {
  it(
    'mails a link when the task opens; the link completes it through the workflow, refusals otherwise',
    { timeout: 180_000 },
    async () => {
      // A new published version of the school's default: the first phase asks the supervisor's approval.
      const run = (await get(`/api/v1/internships/${SEEDED}/phases`)).json().meta.run;
      const draft = await post(`/api/v1/workflow_definitions/${run.definition_id}/drafts`);
      expect(draft.statusCode, draft.body).toBe(201);
      const { id: draftId, attributes } = draft.json().data;
      const phases = attributes.phases as { tasks: object[] }[];
      phases[0]!.tasks.push({
        id: SUPERVISOR_TASK,
        title: { nl: 'Akkoord praktijkbegeleider', en: 'Supervisor approval' },
        description: { nl: '', en: '' },
        actor: 'supervisor',
        kind: 'approval',
        required: true,
        evaluation_template_id: null,
        assignment_id: null,
        hours_target: null,
        deadline: { from: 'phase_start', days: 5 },
        reminder_days: [],
        escalation: { mentor_after_days: 2, school_admin_after_days: null },
      });
      const changed = await patch(`/api/v1/workflow_versions/${draftId}`, {
        data: { type: 'workflow_version', id: draftId, attributes: { phases } },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const published = await post(`/api/v1/workflow_versions/${draftId}/publish`);
      expect(published.statusCode, published.body).toBe(200);

      // The internship names its supervisor and the school approved the address (as the school's screen does).
      await sql`update placements.internships set supervisor_name = 'Bram Begeleider', supervisor_email = ${SUPERVISOR},
        supervisor_approved_email = ${SUPERVISOR}, supervisor_approved_at = now() where id = ${INTERNSHIP}`.execute(
        h.owner,
      );
      const before = (await mailedTokens()).length;
      for (const action of ['approve', 'activate']) {
        const res = await post(`/api/v1/internships/${INTERNSHIP}/${action}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      // Entering the first phase mailed the supervisor one link for their task.
      let tokens: string[] = [];
      await eventually(async () => {
        tokens = (await mailedTokens()).slice(before);
        if (tokens.length === 0) throw new Error('no link mailed yet');
      }, 90_000);
      expect(tokens).toHaveLength(1);
      const token = tokens[0]!;
      // The mail carrying that link (other mails, the seeded contracts' signing links say, may come after it).
      const { rows: mails } = await sql<{
        data: { recipient: { email: string }; vars: object; link_sealed: string | null };
      }>`select envelope->'data' as data from placements.outbox where type = ${mailRequestedType('placements')}
        order by seq`.execute(h.owner);
      const mail = mails.find(
        (m) => m.data.link_sealed && openLink(h.config, m.data.link_sealed)?.endsWith(`#${token}`),
      );
      expect(mail!.data.recipient.email).toBe(SUPERVISOR);

      // The link shows its task, and only that.
      const shown = await byLink('GET', '/api/v1/phase_task_link', token);
      expect(shown.statusCode, shown.body).toBe(200);
      const task = shown.json().data;
      expect(task.attributes).toMatchObject({
        task_id: SUPERVISOR_TASK,
        actor: 'supervisor',
        state: 'open',
        may_complete: true,
        internship_id: INTERNSHIP,
      });
      expect(shown.json().meta.expires_at).toEqual(expect.any(String));

      // Refusals: an unknown token; the link used for another internship's task (the seeded one's).
      const unknown = await byLink('POST', `/api/v1/phase_tasks/${task.id}/complete_by_link`, 'x'.repeat(43));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().errors[0].code).toBe('link_invalid');
      const { rows: others } = await sql<{ id: string }>`select id from placements.internship_phase_tasks
        where internship_id = ${SEEDED} and state = 'open' limit 1`.execute(h.owner);
      const other = await byLink(
        'POST',
        `/api/v1/phase_tasks/${others[0]!.id}/complete_by_link`,
        token,
        'en',
      );
      expect(other.statusCode, other.body).toBe(403);
      expect(other.json().errors[0].code).toBe('link_not_allowed');
      // The school admin completes it by the usual route only once it escalated to them (this one: the mentor only).
      const asSchool = await post(`/api/v1/phase_tasks/${task.id}/complete`);
      expect(asSchool.statusCode).toBe(403);

      // An expired link (issued again, then aged past its expiry) is refused with 410 and changes nothing.
      await sql`update placements.external_links set expires_at = now() - interval '1 minute'
        where subject_id = ${task.id}`.execute(h.owner);
      const expired = await byLink('POST', `/api/v1/phase_tasks/${task.id}/complete_by_link`, token, 'en');
      expect(expired.statusCode).toBe(410);
      expect(expired.json().errors[0].code).toBe('link_expired');
      await sql`update placements.external_links set expires_at = now() + interval '30 days'
        where subject_id = ${task.id}`.execute(h.owner);

      // The supervisor completes it: the workflow's Update, the read model written before the answer.
      const done = await byLink('POST', `/api/v1/phase_tasks/${task.id}/complete_by_link`, token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.attributes).toMatchObject({ state: 'done', completed_by: null });
      // The task is done for everyone; the link's use is logged; the link shows it done, a second press is refused.
      const after = (await get(`/api/v1/internships/${INTERNSHIP}/phases`)).json();
      const row = after.data[0].attributes.tasks.find((t: { id: string }) => t.id === task.id);
      expect(row.attributes.state).toBe('done');
      const { rows: uses } = await sql<{
        outcome: string;
      }>`select u.outcome from placements.external_link_uses u
        join placements.external_links l on l.id = u.link_id where l.subject_id = ${task.id} order by u.at`.execute(
        h.owner,
      );
      expect(uses.map((u) => u.outcome)).toContain('consumed');
      expect((await byLink('GET', '/api/v1/phase_task_link', token)).json().data.attributes).toMatchObject({
        state: 'done',
        may_complete: false,
      });
      const again = await byLink('POST', `/api/v1/phase_tasks/${task.id}/complete_by_link`, token, 'en');
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({
        code: 'phase_task_completed',
        title: expect.any(String),
      });
      const { rows: audit } = await sql<{ action: string; actor_id: string | null }>`select action, actor_id
        from placements.audit_log where action = 'phase_task.completed' and subject_id = ${INTERNSHIP}`.execute(
        h.owner,
      );
      expect(audit).toEqual([{ action: 'phase_task.completed', actor_id: null }]);

      // The internship is cancelled: the link no longer speaks for it.
      const cancelled = await h.app.inject({
        method: 'POST',
        url: `/api/v1/internships/${INTERNSHIP}/cancel`,
        headers: { ...h.headers, 'content-type': 'application/vnd.api+json' },
        payload: { data: { type: 'internship', id: INTERNSHIP, attributes: { reason: 'Stage gestopt' } } },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const gone = await byLink('GET', '/api/v1/phase_task_link', token);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().errors[0].code).toBe('link_revoked');
    },
  );
});
