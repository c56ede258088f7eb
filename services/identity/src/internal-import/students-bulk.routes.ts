import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZStudentBulkUpsertBody,
  ZStudentBulkUpsertResult,
} from '@stageplein/contracts/imports/student-import';
import { requireServiceCall } from '@stageplein/kit/auth/service-token';
import { contextOf } from '../shared/request.ts';
import { bulkUpsertStudents } from './students-bulk.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

/**
 * Internal API for the student import workflow (never routed by the gateway's proxy): callers show a
 * service token for the tenant, not a user's credentials. The import checked who may import.
 */
export const studentsBulkRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().post('/internal/v1/students/bulk_upsert', {
    schema: {
      hide: true,
      body: ZStudentBulkUpsertBody,
      response: { 200: ZStudentBulkUpsertResult },
    },
    bodyLimit: 4 * 1024 * 1024,
    handler: async (req) => {
      requireServiceCall(req, deps.config.AUTH_TOKEN_SECRET, deps.now?.());
      const ctx = await contextOf(req, deps);
      return bulkUpsertStudents(ctx, {
        schoolId: req.body.school_id,
        actorId: req.body.actor_id,
        locale: req.body.locale,
        role: req.body.role,
        rows: req.body.rows,
      });
    },
  });
};
