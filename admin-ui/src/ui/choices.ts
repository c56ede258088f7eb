import { ORGANIZATION_TYPES, ROLE_NAMES } from '@stageplein/contracts/identity/roles';
import { GENDERS, USER_STATUSES } from '@stageplein/contracts/identity/users';
import { INTERNSHIP_PERIOD_STATUSES } from '@stageplein/contracts/organizations/internship-periods';
import { ORGANIZATION_STATUSES } from '@stageplein/contracts/organizations/organizations';
import { LANGUAGES } from '@stageplein/contracts/i18n/index';

/** Select choices from the contracts' enums; the names are i18n keys react-admin translates. */
const choices = (ids: readonly string[], key: (id: string) => string) =>
  ids.map((id) => ({ id, name: key(id) }));

export const ROLE_CHOICES = choices(ROLE_NAMES, (id) => `admin.roles.${id}`);
export const USER_STATUS_CHOICES = choices(USER_STATUSES, (id) => `admin.userStatuses.${id}`);
/** What an admin may set (`ZUserUpdateAttributes.status`): invited is the API's own state. */
export const EDITABLE_USER_STATUS_CHOICES = USER_STATUS_CHOICES.filter((c) => c.id !== 'invited');
export const GENDER_CHOICES = choices(GENDERS, (id) => `admin.genders.${id}`);
export const LOCALE_CHOICES = choices(LANGUAGES, (id) => `app.languages.${id}`);
export const ORGANIZATION_TYPE_CHOICES = choices(ORGANIZATION_TYPES, (id) => `admin.organizationTypes.${id}`);
export const ORGANIZATION_STATUS_CHOICES = choices(
  ORGANIZATION_STATUSES,
  (id) => `organizations.statuses.${id}`,
);
export const PERIOD_STATUS_CHOICES = choices(
  INTERNSHIP_PERIOD_STATUSES,
  (id) => `admin.periodStatuses.${id}`,
);
