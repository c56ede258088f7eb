import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import { notify } from '../feed/feed.service.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import { NOTICE_EVENT_TYPES, noticesOf } from './notices.ts';

/**
 * The pipeline into the feed: every event that tells someone something, once per event id (kit's
 * idempotent consumer), mapped to its notices and written to each recipient's feed.
 */
export const feedConsumer = (deps: TNotificationsDeps): TConsumer =>
  useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.feed`,
    types: NOTICE_EVENT_TYPES,
    run: async (ctx, event) => {
      await notify(ctx, event, await noticesOf(ctx, event));
    },
  });
