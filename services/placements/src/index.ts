export { placementsService } from './placements.module.ts';
export type { TPlacementsDb } from './database.ts';
export { PLACEMENTS_CONFIG, type TPlacementsConfig } from './placements.config.ts';
