import type { TLanguage } from '@stageplein/contracts/i18n/index';
import type { TResource } from '@stageplein/contracts/jsonapi/jsonapi';
import {
  INTERNSHIP_RELATION_TYPES,
  type TInternshipAction,
  type TInternshipInclude,
  type TInternshipResource,
} from '@stageplein/contracts/placements/internships';
import { isSupervisorApproved, supervisorAddress } from './internship-supervisor.ts';
import type { TInternshipView } from './internships.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const ref = (type: string, id: string | null) => ({ data: id ? { type, id } : null });

/** `meta`: what the caller may do with it now (contracts' policy). */
export const internshipResource = (
  i: TInternshipView,
  meta?: { actions: TInternshipAction[]; editable_fields: string[] },
): TInternshipResource => ({
  type: 'internship',
  id: i.id,
  attributes: {
    title: i.title,
    description: i.description,
    motivation: i.motivation,
    start_date: i.start_date,
    end_date: i.end_date,
    contract_type: i.contract_type,
    self_found: i.self_found,
    // The linked organization's current name; a self-found one's as the student wrote it.
    organization_name: i.organization__name ?? i.organization_name,
    contact_name: i.contact_name,
    contact_email: i.contact_email,
    contact_phone_number: i.contact_phone_number,
    supervisor_name: i.supervisor_name,
    supervisor_email: i.supervisor_email,
    supervisor_approved: isSupervisorApproved(
      supervisorAddress({
        account_email: i.supervisor__email,
        supervisor_email: i.supervisor_email,
        contact_email: i.contact_email,
      }),
      i.supervisor_approved_email,
    ),
    hours: i.hours,
    hours_supervisor: i.hours_supervisor,
    updating_hours_allowed: i.updating_hours_allowed,
    status: i.status,
    status_reason: i.status_reason,
    updated_at: i.updated_at.toISOString(),
    created_at: i.created_at.toISOString(),
  },
  relationships: {
    student: ref(INTERNSHIP_RELATION_TYPES.student, i.student_id),
    organization: ref(INTERNSHIP_RELATION_TYPES.organization, i.organization_id),
    vacancy: ref(INTERNSHIP_RELATION_TYPES.vacancy, i.vacancy_id),
    current_phase: ref(INTERNSHIP_RELATION_TYPES.current_phase, i.current_phase_id),
    internship_period: ref(INTERNSHIP_RELATION_TYPES.internship_period, i.internship_period_id),
    contact_person: ref(INTERNSHIP_RELATION_TYPES.contact_person, i.contact_person_id),
    supervisor: ref(INTERNSHIP_RELATION_TYPES.supervisor, i.supervisor_id),
  },
  ...(meta ? { meta } : {}),
});

const person = (id: string, first: string | null, last: string | null, email: string | null): TResource => ({
  type: 'user',
  id,
  attributes: { first_name: first, last_name: last, email: email ?? '' },
});

/** The included resources of one internship for the requested relations (spec §3's attributes). */
function includedOf(
  i: TInternshipView,
  include: ReadonlySet<TInternshipInclude>,
  lang: TLanguage,
): TResource[] {
  const out: TResource[] = [];
  if (include.has('student') && i.student__id)
    out.push({
      type: INTERNSHIP_RELATION_TYPES.student,
      id: i.student__id,
      attributes: {
        first_name: i.student__first_name,
        last_name: i.student__last_name,
        updated_at: iso(i.student__updated_at),
        created_at: iso(i.student__created_at),
      },
    });
  if (include.has('organization') && i.organization__id)
    out.push({
      type: INTERNSHIP_RELATION_TYPES.organization,
      id: i.organization__id,
      attributes: {
        name: i.organization__name,
        status: i.organization__status,
        website: i.organization__website,
        city: i.organization__city,
      },
    });
  if (include.has('vacancy') && i.vacancy__id)
    out.push({
      type: INTERNSHIP_RELATION_TYPES.vacancy,
      id: i.vacancy__id,
      attributes: { title: i.vacancy__title },
    });
  if (include.has('current_phase') && i.phase__id)
    out.push({
      type: INTERNSHIP_RELATION_TYPES.current_phase,
      id: i.phase__id,
      // The caller's language; English falls back to Dutch where the designer left it empty.
      attributes: {
        name: (lang === 'en' && i.phase__name?.en) || i.phase__name?.nl || '',
        status: i.phase__status ?? '',
      },
    });
  if (include.has('internship_period') && i.period__id)
    out.push({
      type: INTERNSHIP_RELATION_TYPES.internship_period,
      id: i.period__id,
      attributes: {
        name: i.period__name,
        start_date: i.period__start_date,
        end_date: i.period__end_date,
        status: i.period__status,
        school_id: i.period__school_id,
        school_year_id: i.period__school_year_id,
      },
    });
  if (include.has('contact_person') && i.contact__id)
    out.push(person(i.contact__id, i.contact__first_name, i.contact__last_name, i.contact__email));
  if (include.has('supervisor') && i.supervisor__id)
    out.push(
      person(i.supervisor__id, i.supervisor__first_name, i.supervisor__last_name, i.supervisor__email),
    );
  return out;
}

/** Included resources of a page (`collectionDocument` de-duplicates them). */
export const includedOfAll = (
  rows: readonly TInternshipView[],
  include: readonly string[],
  lang: TLanguage = 'nl',
): TResource[] => {
  if (include.length === 0) return [];
  const wanted = new Set(include as TInternshipInclude[]);
  return rows.flatMap((r) => includedOf(r, wanted, lang));
};
