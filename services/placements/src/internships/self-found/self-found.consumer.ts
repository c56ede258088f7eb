import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { linkSelfFoundOrganization, requestSelfFoundOrganization } from './self-found.service.ts';

/** An approved self-found internship: ask organizations for its organization (one use case). */
export const selfFoundApprovalsConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.self-found-approvals`,
    types: ['placements.internship.approved'],
    run: (ctx, event) =>
      requestSelfFoundOrganization(ctx, EVENT_PAYLOADS['placements.internship.approved'].parse(event.data)),
  });

/** Organizations' answer: link the internship to the organization (one use case). */
export const selfFoundOrganizationsConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.self-found-organizations`,
    types: ['organizations.self_found_organization.resolved'],
    run: (ctx, event) =>
      linkSelfFoundOrganization(
        ctx,
        EVENT_PAYLOADS['organizations.self_found_organization.resolved'].parse(event.data),
      ),
  });
