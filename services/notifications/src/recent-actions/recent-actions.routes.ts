import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import {
  DEFAULT_RECENT_ACTION_PERIOD,
  RECENT_ACTIONS_MAX_PAGE_SIZE,
  RECENT_ACTIONS_PAGE_SIZE,
  ZRecentActionCollection,
  ZRecentActionGroup,
  ZRecentActionPeriod,
  type TRecentActionResource,
} from '@stageplein/contracts/notifications/recent-actions';
import { badRequest } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString, type TQuerySpec } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks } from '@stageplein/kit/jsonapi/serialize';
import type { TNotificationsDeps } from '../notifications.config.ts';
import { requireCaller } from '../shared/caller.ts';
import { contextOf, requestUrl } from '../shared/request.ts';
import type { TRecentActionRow } from './recent-actions.table.ts';
import { recentActionsFor } from './recent-actions.service.ts';

/** `filter[group]` (applications, hours, …) and `filter[period]` (day, week, month; a week by default). */
export const RECENT_ACTIONS_QUERY: TQuerySpec = {
  scopes: ['group', 'period'],
  defaultPageSize: RECENT_ACTIONS_PAGE_SIZE,
  maxPageSize: RECENT_ACTIONS_MAX_PAGE_SIZE,
};

const resource = (row: TRecentActionRow, lang: TLanguage): TRecentActionResource => ({
  type: 'recent_action',
  id: row.id,
  attributes: {
    kind: row.kind,
    group: row.action_group,
    text: translate(lang, `notifications.actions.${row.kind}`, row.params),
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    link: row.link,
    occurred_at: row.occurred_at.toISOString(),
  },
});

/**
 * Recent actions (docs/decisions/notifications.md "Recent actions"): what happened lately in the caller's
 * scope — a student their own, a school admin their school's, an organization's admin or volunteer its
 * internships' — by the organization they act for.
 */
export const recentActionsRoutes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/recent_actions', {
    schema: {
      tags: ['notifications'],
      summary: 'What happened lately in the caller’s scope, newest first',
      description:
        'A student sees their own internships’ actions and their own; an admin of the School they act for (`x-current-organization-id`) the school’s; a mentor of it their mentored students’ internships’ and their own; an admin or volunteer of another organization its internships’. Acting for an organization without a role there: 403. `filter[group]`: applications, internships, hours, phases, evaluations, contracts; `filter[period]`: day, week (default), month. `meta.scope` says whose they are.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZRecentActionCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const query = parseJsonApiQuery(req.query as Record<string, string>, RECENT_ACTIONS_QUERY);
      const group =
        query.scopes.group === undefined ? null : ZRecentActionGroup.safeParse(query.scopes.group);
      if (group && !group.success) throw badRequest('filter[group]', { value: String(query.scopes.group) });
      const period = ZRecentActionPeriod.safeParse(query.scopes.period ?? DEFAULT_RECENT_ACTION_PERIOD);
      if (!period.success) throw badRequest('filter[period]', { value: String(query.scopes.period) });
      const { scope, rows, total } = await recentActionsFor(
        ctx,
        caller,
        { period: period.data, group: group?.data ?? null },
        query.page,
      );
      reply.header('cache-control', 'private, no-store');
      const doc = collectionDocument(
        rows.map((row) => resource(row, ctx.lang)),
        { total, links: pageLinks(requestUrl(req), query, total) },
      );
      return { ...doc, meta: { total, scope: scope.kind, period: period.data } };
    },
  });
};
