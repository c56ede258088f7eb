import type { FastifyPluginAsync } from 'fastify';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model.consumer';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model.consumer';
import type { TServiceModule } from '@stageplein/kit/service';
import { SCHEMA } from './database.ts';
import { conversationsRoutes } from './conversations/conversations.routes.ts';
import { conversationMailConsumer } from './conversations/conversation-mail.consumer.ts';
import { conversationPeopleConsumer } from './conversations/people.consumer.ts';
import { mailBouncesRoutes } from './delivery/mail-bounces.routes.ts';
import { feedRoutes } from './feed/feed.routes.ts';
import { migrations } from './migrations/index.ts';
import {
  NOTIFICATIONS_CONFIG,
  type TNotificationsConfig,
  type TNotificationsDeps,
} from './notifications.config.ts';
import { openTasksConsumer } from './digest/open-tasks.consumer.ts';
import { feedConsumer } from './pipeline/feed.consumer.ts';
import { mailEnabled, mailRequestsConsumer, queueOf, startMail } from './mail/mail.runtime.ts';
import { mailUsersConsumer } from './mail/users.consumer.ts';
import { preferencesRoutes } from './preferences/preferences.routes.ts';
import { recentActionsConsumer } from './recent-actions/recent-actions.consumer.ts';
import { recentActionsRoutes } from './recent-actions/recent-actions.routes.ts';
import { mailTemplatesRoutes } from './templates/mail-templates.routes.ts';

const routes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  await app.register(feedRoutes, deps);
  await app.register(preferencesRoutes, deps);
  await app.register(mailBouncesRoutes, deps);
  await app.register(recentActionsRoutes, deps);
  await app.register(mailTemplatesRoutes, deps);
  await app.register(conversationsRoutes, deps);
};

/**
 * The fifth service (issue #35, docs/decisions/notifications.md): the one consumer of every service's
 * events for telling people. Owns the in-app feed, each person's delivery preferences and the mail
 * every service requests (rendered, queued on BullMQ and sent over SMTP).
 */
export const notificationsService: TServiceModule<TNotificationsConfig> = {
  name: 'notifications',
  configKeys: NOTIFICATIONS_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.notifications,
  migrations,
  routes,
  consumers: (deps) => [
    // Credential checks (sessions, revocations) and the recipients of organization-wide notices (roles).
    authReadModelConsumer(deps, SCHEMA),
    // The organizations' status: who edits the tenant's mail templates (an approved one's admins).
    organizationsReadModelConsumer(deps, SCHEMA),
    feedConsumer(deps),
    // What waits for whom (phase tasks, hours to confirm), for the periodic mail.
    openTasksConsumer(deps),
    // Recent actions: what happened on internships, for each person's scope.
    recentActionsConsumer(deps),
    // The names conversations show (identity's user events).
    conversationPeopleConsumer(deps),
    // Requested mail (docs/decisions/mail-requests.md): recipients, then rendering and the queue.
    mailUsersConsumer(deps, mailEnabled(deps.config) ? (job) => queueOf(deps).enqueue(job) : undefined),
    ...(mailEnabled(deps.config) ? [mailRequestsConsumer(deps)] : []),
    // A new message in a conversation mailed per the person's preference (docs/decisions/conversations.md).
    ...(mailEnabled(deps.config)
      ? [conversationMailConsumer(deps, (job) => queueOf(deps).enqueue(job))]
      : []),
  ],
  // The mail worker runs in every process that runs notifications, when mail is configured.
  start: async (deps) => (mailEnabled(deps.config) ? startMail(deps) : async () => undefined),
};
