export { organizationsService } from './organizations.module.ts';
export type { TOrganizationsDb } from './database.ts';
export { ORGANIZATIONS_CONFIG, type TOrganizationsConfig } from './organizations.config.ts';
