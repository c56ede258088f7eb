import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  eventually,
  harness,
  internship,
  publish,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

/**
 * What the periodic mail lists as waiting (docs/decisions/notifications.md "Digest"): a phase task from its
 * reminder until it is done or its phase is left; an internship's pending hours for its organization side
 * while any are pending.
 */
let h: THarness;
const school = randomUUID();
const provider = randomUUID();
let student: TUser;
let contact: TUser;
let mine: ReturnType<typeof internship>;

const openTasks = async (key?: string) =>
  (
    await sql<{ user_id: string; key: string; kind: string; count: number }>`
      select user_id, key, kind, count from notifications.open_tasks
      ${key ? sql`where key = ${key}` : sql``} order by key, user_id`.execute(h.owner)
  ).rows;

const figures = (pending: number, signedOff = false) => ({
  internship_id: mine.internship_id,
  entry_id: randomUUID(),
  date: '2026-11-18',
  hours: 4,
  status: 'pending' as const,
  hours_logged: 20,
  hours_supervisor: 12,
  hours_pending: pending,
  updating_hours_allowed: true,
  signed_off: signedOff,
});

beforeAll(async () => {
  h = await harness();
  [student, contact] = await Promise.all([
    userWith(h, 'student', school, 'School'),
    userWith(h, 'volunteer', provider, 'Provider'),
  ]);
  mine = internship(student.id, {
    school_id: school,
    organization_id: provider,
    contact_person_id: contact.id,
    status: 'active',
  });
  await publish(h, envelope('placements.internship.created', mine.internship_id, mine));
  await eventually(async () => {
    const { rows } =
      await sql`select 1 from notifications.internships where id = ${mine.internship_id}`.execute(h.owner);
    expect(rows).toHaveLength(1);
  });
}, 120_000);
afterAll(() => h?.close());

describe('open tasks', () => {
  it('hours wait for the contact person while any are pending', async () => {
    const key = `hours:${mine.internship_id}`;
    await publish(h, envelope('placements.hours.entry_logged', mine.internship_id, figures(8)));
    expect(await openTasks(key)).toEqual([{ user_id: contact.id, key, kind: 'hours_to_confirm', count: 8 }]);
    await publish(h, envelope('placements.hours.entry_confirmed', mine.internship_id, figures(4)));
    expect((await openTasks(key))[0]?.count).toBe(4);
    await publish(h, envelope('placements.hours.entry_confirmed', mine.internship_id, figures(0)));
    expect(await openTasks(key)).toEqual([]);
  });

  it('a reminded phase task is open for its actor until done; leaving the phase closes the rest', async () => {
    const [done, left] = [randomUUID(), randomUUID()];
    const task = (phaseTaskId: string) => ({
      internship_id: mine.internship_id,
      phase_task_id: phaseTaskId,
      task_id: randomUUID(),
      actor: 'student' as const,
      due_at: '2026-12-04T16:00:00Z',
      reminder: 1,
    });
    await publish(
      h,
      envelope('placements.phase_task.reminded', mine.internship_id, task(done)),
      envelope('placements.phase_task.reminded', mine.internship_id, task(left)),
    );
    expect((await openTasks()).filter((t) => t.kind === 'phase_task').map((t) => t.key)).toEqual(
      [`phase_task:${done}`, `phase_task:${left}`].sort(),
    );
    await publish(
      h,
      envelope('placements.phase_task.completed', mine.internship_id, {
        ...task(done),
        completed_by: student.id,
      }),
    );
    expect(await openTasks(`phase_task:${done}`)).toEqual([]);
    expect(await openTasks(`phase_task:${left}`)).toEqual([
      { user_id: student.id, key: `phase_task:${left}`, kind: 'phase_task', count: 1 },
    ]);
    await publish(
      h,
      envelope('placements.internship_phase.left', mine.internship_id, {
        internship_id: mine.internship_id,
        version_id: randomUUID(),
        phase_id: randomUUID(),
        internship_phase_id: randomUUID(),
        state: 'completed',
        by: null,
      }),
    );
    expect((await openTasks()).filter((t) => t.kind === 'phase_task')).toEqual([]);
  });
});
