export { organizationsService } from './organizations.module.ts';
export type { TOrganizationsDb } from './database.ts';
