// The vacancies group's public entry (docs/decisions/placements.md "Groups").
export { vacanciesGroup } from './vacancies.module.ts';
export { findOrganization, findVacancy, type TVacancyRow } from './vacancies.repository.ts';
export { vacancyResource } from './vacancies.serialize.ts';
export { seedVacancyId } from './vacancies.seed.ts';
export { closeDueVacancies } from './vacancy-closing.service.ts';
