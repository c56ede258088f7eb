import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceModule } from '@stageplein/kit/service';
import { IDENTITY_CONFIG, identityService } from '@stageplein/identity';
import { ORGANIZATIONS_CONFIG, organizationsService } from '@stageplein/organizations';
import { CONTENT_CONFIG, contentService } from '@stageplein/content';
import { PLACEMENTS_CONFIG, placementsService } from '@stageplein/placements';
import { NOTIFICATIONS_CONFIG, notificationsService } from '@stageplein/notifications';
import { GATEWAY_CONFIG } from '@stageplein/gateway/gateway.config';

/** The configuration keys of every service and the gateway (the kit's come with every process). */
export const STACK_CONFIG = {
  ...IDENTITY_CONFIG,
  ...ORGANIZATIONS_CONFIG,
  ...CONTENT_CONFIG,
  ...PLACEMENTS_CONFIG,
  ...NOTIFICATIONS_CONFIG,
  ...GATEWAY_CONFIG,
};
/** The configuration of a process that runs the whole product (`npm start`, tests). */
export type TStackConfig = TConfigOf<typeof STACK_CONFIG>;

/**
 * Every service of the product, in migration order (identity first: the others consume its events;
 * content after organizations, whose organization events tell it who edits; placements after both, whose
 * users and organizations it keeps; notifications last: it consumes every service's events and no service
 * consumes its own).
 */
export const SERVICES: readonly TServiceModule<TStackConfig>[] = [
  identityService,
  organizationsService,
  contentService,
  placementsService,
  notificationsService,
];
