import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model.consumer';
import { mailDeliveryStatusConsumer } from '@stageplein/kit/mail/mail-delivery-status.consumer';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model.consumer';
import { SCHEMA } from '../database.ts';
import type { TPlacementsGroup } from '../shared/group.ts';
import { complianceReadModelConsumer } from './compliance-read-model/compliance-read-model.consumer.ts';
import type { TOrganizationComplianceTable } from './compliance-read-model/compliance-read-model.table.ts';
import { formVersionsConsumer } from './form-versions/form-versions.consumer.ts';
import type { TArchivedFormsTable, TFormVersionsTable } from './form-versions/form-versions.table.ts';
import { schoolReadModelsConsumer } from './school-read-models/school-read-models.consumer.ts';
import type {
  TGroupMembershipsTable,
  TGroupsTable,
  TInternshipPeriodsTable,
  TLevelsTable,
  TMentorshipsTable,
  TOrganizationWebsitesTable,
  TSchoolYearsTable,
} from './school-read-models/school-read-models.table.ts';
import { tagsReadModelConsumer } from './tags-read-model/tags-read-model.consumer.ts';
import type { TTagsTable } from './tags-read-model/tags-read-model.table.ts';
import { usersReadModelConsumer } from './users-read-model/users-read-model.consumer.ts';
import type { TUsersTable } from './users-read-model/users-read-model.table.ts';
import { vacancyImagesConsumer } from './vacancy-images/vacancy-images.consumer.ts';
import type { TImagesTable } from './vacancy-images/vacancy-images.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.users': TUsersTable;
    'placements.organization_compliance': TOrganizationComplianceTable;
    'placements.internship_periods': TInternshipPeriodsTable;
    'placements.school_years': TSchoolYearsTable;
    'placements.groups': TGroupsTable;
    'placements.group_memberships': TGroupMembershipsTable;
    'placements.levels': TLevelsTable;
    'placements.mentorships': TMentorshipsTable;
    'placements.organization_websites': TOrganizationWebsitesTable;
    'placements.tags': TTagsTable;
    'placements.form_versions': TFormVersionsTable;
    'placements.archived_forms': TArchivedFormsTable;
    'placements.images': TImagesTable;
  }
}

/**
 * What placements knows of other services, from their events: users and roles (identity), organizations
 * and their compliance, schools' catalogues, tags and forms (organizations), images (content), and the
 * mail service's delivery statuses. Every group reads them; none writes them.
 */
export const readModelsGroup: TPlacementsGroup = {
  name: 'read-models',
  consumers: (deps) => [
    authReadModelConsumer(deps, SCHEMA),
    organizationsReadModelConsumer(deps, SCHEMA),
    usersReadModelConsumer(deps),
    complianceReadModelConsumer(deps),
    schoolReadModelsConsumer(deps),
    tagsReadModelConsumer(deps),
    formVersionsConsumer(deps),
    vacancyImagesConsumer(deps),
    mailDeliveryStatusConsumer(deps, SCHEMA),
  ],
};
