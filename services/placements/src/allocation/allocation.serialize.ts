import type {
  TAllocationProposalLineResource,
  TAllocationRoundResource,
} from '@stageplein/contracts/placements/allocation-rounds';
import type { TLineView, TRoundView } from './allocation.service.ts';

export const roundResource = (v: TRoundView): TAllocationRoundResource => ({
  type: 'allocation_round',
  id: v.round.id,
  attributes: {
    name: v.round.name,
    school_id: v.round.school_id,
    internship_period_id: v.round.internship_period_id,
    deadline: v.round.deadline.toISOString(),
    group_ids: v.round.group_ids,
    level_ids: v.round.level_ids,
    status: v.round.status,
    accepting_preferences: v.acceptingPreferences,
    vacancies: v.vacancies.map((x) => ({
      vacancy_id: x.vacancy_id,
      title: x.title,
      organization_name: x.organization_name,
      city: x.city,
      capacity: x.capacity,
      places_left: x.places_left,
    })),
    allocated_at: v.round.allocated_at?.toISOString() ?? null,
    published_at: v.round.published_at?.toISOString() ?? null,
    created_at: v.round.created_at.toISOString(),
    updated_at: v.round.updated_at.toISOString(),
  },
  meta: v.manager
    ? { eligible_students: v.manager.eligible, ranked_students: v.manager.ranked }
    : {
        preferences: v.student?.preferences ?? null,
        outcome: v.student?.outcome
          ? {
              vacancy_id: v.student.outcome.vacancy?.vacancy_id ?? null,
              title: v.student.outcome.vacancy?.title ?? null,
              organization_name: v.student.outcome.vacancy?.organization_name ?? null,
              internship_id: v.student.outcome.internshipId,
            }
          : null,
      },
});

export function lineResource(v: TLineView): TAllocationProposalLineResource {
  const rank = v.line.vacancy_id ? v.preferences.indexOf(v.line.vacancy_id) : -1;
  return {
    type: 'allocation_proposal_line',
    id: v.line.student_id,
    attributes: {
      student_id: v.line.student_id,
      student_name: v.name,
      preferences: v.preferences,
      vacancy_id: v.line.vacancy_id,
      rank: rank >= 0 ? rank + 1 : null,
      lottery_number: v.line.lottery_number,
      adjusted: v.line.adjusted,
    },
  };
}
