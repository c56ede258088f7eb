export { contentService } from './content.module.ts';
export type { TContentDb } from './database.ts';
export { CONTENT_CONFIG, type TContentConfig } from './content.config.ts';
