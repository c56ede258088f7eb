import { describe, expect, it } from 'vitest';
import { mentorshipDiff, type TMentorLink } from './roster-mentors.diff.ts';

const mentors = new Map([
  ['anna@school.test', 'm-anna'],
  ['bert@school.test', 'm-bert'],
]);
const link = (mentor: string, student: string, source: 'magister' | null = 'magister'): TMentorLink => ({
  id: `${mentor}-${student}`,
  mentor_id: mentor,
  student_id: student,
  source,
});

describe('mentorshipDiff', () => {
  it('links every student the roster lists to each of their mentors with an account', () => {
    const diff = mentorshipDiff(
      [
        { user_id: 's1', mentor: 'anna@school.test, bert@school.test', status: 'created' },
        { user_id: 's2', mentor: 'bert@school.test', status: 'unchanged' },
        { user_id: 's3', mentor: 'nobody@school.test', status: 'updated' },
        { user_id: 's4', mentor: '', status: 'updated' },
      ],
      mentors,
      [],
    );
    expect(diff.add).toEqual([
      { mentor_id: 'm-anna', student_id: 's1' },
      { mentor_id: 'm-bert', student_id: 's1' },
      { mentor_id: 'm-bert', student_id: 's2' },
    ]);
    expect(diff.remove).toEqual([]);
  });

  it('changes nothing when the school holds what the roster says (by hand or from a sync)', () => {
    const diff = mentorshipDiff(
      [{ user_id: 's1', mentor: 'anna@school.test, bert@school.test', status: 'unchanged' }],
      mentors,
      [link('m-anna', 's1'), link('m-bert', 's1', null)],
    );
    expect(diff).toEqual({ add: [], remove: [] });
  });

  it('removes the roster links it no longer names, for listed students and those who left only', () => {
    const existing = [
      link('m-anna', 's1'), // the class got another mentor
      link('m-bert', 's2'), // left the school
      link('m-anna', 's3', null), // made by hand: stays
      link('m-anna', 's9'), // not on this roster's rows (an invalid row): stays
    ];
    const diff = mentorshipDiff(
      [
        { user_id: 's1', mentor: 'bert@school.test', status: 'updated' },
        { user_id: 's2', mentor: 'bert@school.test', status: 'left' },
        { user_id: 's3', mentor: '', status: 'unchanged' },
      ],
      mentors,
      existing,
    );
    expect(diff.add).toEqual([{ mentor_id: 'm-bert', student_id: 's1' }]);
    expect(diff.remove.map((m) => m.id)).toEqual(['m-anna-s1', 'm-bert-s2']);
  });

  it('never links a student to themselves', () => {
    const diff = mentorshipDiff(
      [{ user_id: 'm-anna', mentor: 'anna@school.test', status: 'created' }],
      mentors,
      [],
    );
    expect(diff.add).toEqual([]);
  });
});
