import type { TTenantFeatures } from '../tenants/tenant.types.ts';

// Without zod (vacancies.ts re-exports these with the wire schemas): the portal's first download uses them.

export const VACANCY_STATUSES = ['draft', 'published', 'closed', 'archived'] as const;
export type TVacancyStatus = (typeof VACANCY_STATUSES)[number];

/**
 * What a vacancy offers. Traineeship tenants (spec §1 `traineeship`) place MBO trainees; the others run
 * social internships ("maatschappelijke stages") with volunteering organizations.
 */
export const VACANCY_KINDS = ['internship', 'volunteer', 'traineeship'] as const;
export type TVacancyKind = (typeof VACANCY_KINDS)[number];

/** The kinds a tenant offers, first the default one (vacancy-policy decides nothing else about kinds). */
export function vacancyKindsFor(features: Pick<TTenantFeatures, 'traineeship'>): readonly TVacancyKind[] {
  return features.traineeship ? ['traineeship', 'internship'] : ['internship', 'volunteer'];
}
