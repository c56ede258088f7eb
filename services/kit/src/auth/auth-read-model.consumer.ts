import type { TServiceDeps } from '../service.ts';
import type { TConsumer } from '../outbox/transport.ts';
import { useCaseConsumer } from '../outbox/use-case-consumer.ts';
import { applyAuthEvent, AUTH_EVENT_TYPES, forgetAuthChecks } from './auth-read-model.ts';

/**
 * Kit's auth read model in `schema` (roles and issued clients): each of identity's events goes to
 * `applyAuthEvent`, and the memo of the user's credential checks is dropped once the transaction has ended.
 */
export const authReadModelConsumer = (deps: TServiceDeps, schema: string): TConsumer =>
  useCaseConsumer(deps, {
    schema,
    group: `${schema}.auth-read-model`,
    types: AUTH_EVENT_TYPES,
    run: (ctx, event) => applyAuthEvent(ctx, schema, event),
    afterTransaction: forgetAuthChecks,
  });
