import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { envelope, hoursEntry, partiesOfFile, publish, untilRow } from './fixtures.ts';

/**
 * What the periodic mail lists as waiting (docs/decisions/notifications.md "Digest"): a phase task from its
 * reminder until it is done or its phase is left; an internship's pending hours for its organization side
 * while any are pending.
 */
const p = partiesOfFile(async () => {
  await publish(p.h, envelope('placements.internship.created', p.mine.internship_id, p.mine));
  await untilRow(p.h, 'internships', 'id', p.mine.internship_id);
});

const openTasks = async (key?: string) =>
  (
    await sql<{ user_id: string; key: string; kind: string; count: number }>`
      select user_id, key, kind, count from notifications.open_tasks
      ${key ? sql`where key = ${key}` : sql``} order by key, user_id`.execute(p.h.owner)
  ).rows;

const figures = (pending: number) =>
  hoursEntry(p.mine.internship_id, { hours_logged: 20, hours_supervisor: 12, hours_pending: pending });

describe('open tasks', () => {
  it('hours wait for the contact person while any are pending', async () => {
    const key = `hours:${p.mine.internship_id}`;
    await publish(p.h, envelope('placements.hours.entry_logged', p.mine.internship_id, figures(8)));
    expect(await openTasks(key)).toEqual([
      { user_id: p.contact.id, key, kind: 'hours_to_confirm', count: 8 },
    ]);
    await publish(p.h, envelope('placements.hours.entry_confirmed', p.mine.internship_id, figures(4)));
    expect((await openTasks(key))[0]?.count).toBe(4);
    await publish(p.h, envelope('placements.hours.entry_confirmed', p.mine.internship_id, figures(0)));
    expect(await openTasks(key)).toEqual([]);
  });

  it('a reminded phase task is open for its actor until done; leaving the phase closes the rest', async () => {
    const [done, left] = [randomUUID(), randomUUID()];
    const task = (phaseTaskId: string) => ({
      internship_id: p.mine.internship_id,
      phase_task_id: phaseTaskId,
      task_id: randomUUID(),
      actor: 'student' as const,
      due_at: '2026-12-04T16:00:00Z',
      reminder: 1,
    });
    await publish(
      p.h,
      envelope('placements.phase_task.reminded', p.mine.internship_id, task(done)),
      envelope('placements.phase_task.reminded', p.mine.internship_id, task(left)),
    );
    expect((await openTasks()).filter((t) => t.kind === 'phase_task').map((t) => t.key)).toEqual(
      [`phase_task:${done}`, `phase_task:${left}`].sort(),
    );
    await publish(
      p.h,
      envelope('placements.phase_task.completed', p.mine.internship_id, {
        ...task(done),
        completed_by: p.student.id,
      }),
    );
    expect(await openTasks(`phase_task:${done}`)).toEqual([]);
    expect(await openTasks(`phase_task:${left}`)).toEqual([
      { user_id: p.student.id, key: `phase_task:${left}`, kind: 'phase_task', count: 1 },
    ]);
    await publish(
      p.h,
      envelope('placements.internship_phase.left', p.mine.internship_id, {
        internship_id: p.mine.internship_id,
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
