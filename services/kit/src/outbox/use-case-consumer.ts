import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TConfig } from '../config/config.ts';
import type { TUseCaseContext } from '../request-context.ts';
import type { TServiceDeps } from '../service.ts';
import { idempotentConsumer } from './idempotent-consumer.ts';
import type { TConsumer } from './transport.ts';

export interface TUseCaseConsumer<TDb, TCfg extends TConfig> {
  /** The consuming service's schema (its `processed_events` and `dead_letters`). */
  schema: string;
  /** The consumer group: `<schema>.<what it keeps or does>`. */
  group: string;
  types: readonly string[];
  /**
   * Calls the one use case the event asks for, with a use-case context like a request's: the
   * consumer's transaction under the event's tenant, the service's clock and configuration.
   */
  run(ctx: TUseCaseContext<TDb, TCfg>, event: TEventEnvelope): Promise<void>;
  /**
   * Optional: the use case for several new events of one tenant at once, in order (a batch's, in its
   * transaction; `idempotentConsumer`'s `applyMany`), where `run` each would repeat the same reads and
   * writes per event. The context's language is the first event's.
   */
  runMany?(ctx: TUseCaseContext<TDb, TCfg>, events: readonly TEventEnvelope[]): Promise<void>;
  /** The context's language (default `nl`; an event that names its recipient's locale passes it). */
  lang?(event: TEventEnvelope): TLanguage;
  /** See `idempotentConsumer`. */
  afterTransaction?(events: readonly TEventEnvelope[]): void;
}

/**
 * The one consumer shape (docs/service-template.md, "The one shape"): a service's consumer is
 * `(deps) => useCaseConsumer(deps, { schema, group, types, run })`, a thin adapter that parses the
 * event and calls one use case with a use-case context built from it. Idempotent per event id per
 * group (`idempotentConsumer`); an event of an unknown tenant is refused (its dead letter says why).
 */
export function useCaseConsumer<TDb, TCfg extends TConfig = TConfig>(
  deps: TServiceDeps<TCfg>,
  consumer: TUseCaseConsumer<TDb, TCfg>,
): TConsumer {
  const contextOf = (trx: TUseCaseContext<TDb, TCfg>['db'], event: TEventEnvelope) => {
    const tenant = getTenant(event.tenant);
    if (!tenant) throw new Error(`${consumer.group}: unknown tenant ${event.tenant}`);
    return {
      db: trx,
      tenant,
      now: deps.now?.() ?? new Date(),
      config: deps.config,
      lang: consumer.lang?.(event) ?? 'nl',
    } satisfies TUseCaseContext<TDb, TCfg>;
  };
  const runMany = consumer.runMany;
  return idempotentConsumer<TDb>({
    db: deps.db,
    schema: consumer.schema,
    group: consumer.group,
    types: consumer.types,
    async apply(trx, event) {
      await consumer.run(contextOf(trx, event), event);
    },
    // The events of one run share their tenant (idempotentConsumer's handleBatch).
    ...(runMany ? { applyMany: (trx, events) => runMany(contextOf(trx, events[0]!), events) } : {}),
    afterTransaction: consumer.afterTransaction,
  });
}
