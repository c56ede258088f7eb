import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAuditLogEntryCollection,
  type TAuditLogEntryResource,
} from '@stageplein/contracts/organizations/audit-log';
import { forbidden } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString, type TQuerySpec } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller } from '../shared/caller.ts';
import { assertUuidFilters, contextOf, requestUrl } from '../shared/request.ts';
import { auditLogPolicy } from './audit-log.policy.ts';
import { listAuditEntries, type TAuditLogRow } from './audit-log.repository.ts';

export const AUDIT_LOG_QUERY: TQuerySpec = {
  filters: {
    subject_id: ['eq', 'in'],
    subject_type: ['eq', 'in'],
    action: ['eq', 'in'],
    actor_id: ['eq', 'null'],
  },
  sorts: ['created_at'],
  defaultSort: '-created_at',
  maxPageSize: 100,
};

/** Built directly: `data` is the recorded JSON as it is (kit `resource` would rewrite its keys). */
function auditEntryResource(e: TAuditLogRow): TAuditLogEntryResource {
  return {
    type: 'audit_log_entry',
    id: String(e.id),
    attributes: {
      action: e.action,
      subject_type: e.subject_type,
      subject_id: e.subject_id,
      actor_id: e.actor_id,
      impersonator_id: e.impersonator_id,
      before_status: e.before_status,
      after_status: e.after_status,
      data: e.data,
      created_at: e.created_at.toISOString(),
    },
  };
}

export const auditLogRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/audit_log_entries', {
    schema: {
      tags: ['organizations'],
      summary: 'The tenant’s audit log (platform operators: admins of an approved VolunteerCenter)',
      description:
        'Status changes, creations, moves and deletions of organizations, newest first (`sort=created_at` for oldest first). ' +
        'Filters: `subject_id` (`_eq`, `_in`; an organization’s history), `subject_type`, `action` (`_eq`, `_in`), `actor_id` (`_eq`, `_null`). Paged (`page[size]` ≤ 100) with `meta.total`.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZAuditLogEntryCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      if (!auditLogPolicy.list(caller)) throw forbidden();
      const query = parseJsonApiQuery(req.query as Record<string, string>, AUDIT_LOG_QUERY);
      assertUuidFilters(query, ['subject_id', 'actor_id']);
      const { rows, total } = await listAuditEntries(ctx.db, query);
      return collectionDocument(rows.map(auditEntryResource), {
        total,
        links: pageLinks(requestUrl(req), query, total),
      });
    },
  });
};
