// The read-models group's public entry (docs/decisions/placements.md "Groups").
export { readModelsGroup } from './read-models.module.ts';
export { findCompliance } from './compliance-read-model/compliance-read-model.repository.ts';
export {
  findFormVersion,
  latestPublishedForms,
  type TFormVersion,
} from './form-versions/form-versions.repository.ts';
export {
  inScopePeriodIds,
  inScopePeriodRefs,
  studentsOfSchool,
  type TSchoolStudent,
} from './school-read-models/school-read-models.service.ts';
export {
  findVacancyImage,
  IMAGE_COLUMNS_SQL,
  IMAGE_HASH_SQL,
  IMAGE_JOIN_SQL,
  IMAGE_JOINED_COLUMNS_SQL,
  IMAGE_STOCK_ALT_SQL,
} from './vacancy-images/vacancy-images.repository.ts';
