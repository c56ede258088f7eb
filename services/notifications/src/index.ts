export { notificationsService } from './notifications.module.ts';
export type { TNotificationsDb } from './database.ts';
export { NOTIFICATIONS_CONFIG, type TNotificationsConfig } from './notifications.config.ts';
