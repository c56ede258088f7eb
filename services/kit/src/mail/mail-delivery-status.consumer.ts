import { MAIL_OUTCOME_TYPES, type TMailRequestingService } from '@stageplein/contracts/events/mail';
import type { TServiceDeps } from '../service.ts';
import type { TConsumer } from '../outbox/transport.ts';
import { useCaseConsumer } from '../outbox/use-case-consumer.ts';
import { applyMailOutcome } from './mail-requests.ts';

/**
 * Notifications' answers to `service`'s mail requests (a service that requests mail adds it to its module's
 * `consumers`): each outcome goes to `applyMailOutcome`.
 */
export const mailDeliveryStatusConsumer = (deps: TServiceDeps, service: TMailRequestingService): TConsumer =>
  useCaseConsumer(deps, {
    schema: service,
    group: `${service}.mail-delivery-status`,
    types: MAIL_OUTCOME_TYPES,
    run: (ctx, event) => applyMailOutcome(ctx, service, event),
  });
