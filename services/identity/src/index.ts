export { identityService } from './identity.module.ts';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from './seeds/seed.ts';
export type { TIdentityDb } from './database.ts';
export { IDENTITY_CONFIG, type TIdentityConfig } from './identity.config.ts';
