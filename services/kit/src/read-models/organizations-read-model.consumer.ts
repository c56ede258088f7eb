import type { TServiceDeps } from '../service.ts';
import type { TConsumer } from '../outbox/transport.ts';
import { useCaseConsumer } from '../outbox/use-case-consumer.ts';
import {
  applyOrganizationEvent,
  forgetOrganizationFacts,
  ORGANIZATION_SNAPSHOT_EVENTS,
  organizationsReadModelGroup,
} from './organizations-read-model.ts';

/**
 * Kit's organizations read model in `schema` (`<schema>.organizations`): each snapshot event goes to
 * `applyOrganizationEvent`, and the memo of the organization's facts is dropped once the transaction
 * has ended. `group` names a service's group when it is not the default (identity's and content's,
 * whose old groups had their own tables).
 */
export const organizationsReadModelConsumer = (
  deps: TServiceDeps,
  schema: string,
  group: string = organizationsReadModelGroup(schema),
): TConsumer =>
  useCaseConsumer(deps, {
    schema,
    group,
    types: ORGANIZATION_SNAPSHOT_EVENTS,
    run: (ctx, event) => applyOrganizationEvent(ctx, schema, event),
    afterTransaction: forgetOrganizationFacts,
  });
