import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHASE_TASK_LINK_ACTION,
  ZInternshipPhasesDocument,
  ZPhaseMigrationBody,
  ZPhaseMigrationCollection,
  ZPhaseRunsDocument,
  ZPhaseRunsQuery,
  ZPhaseTaskCollection,
  ZPhaseTaskDocument,
  ZPhaseTaskLinkDocument,
  ZPhaseTasksQuery,
} from '@stageplein/contracts/placements/phase-runs';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { phaseTaskLinkSubject } from './phase-runs-link.ts';
import { phaseWorkflows } from './phase-workflows.ts';
import {
  completePhaseByHand,
  completeTask,
  completeTaskByLink,
  phaseTaskByLink,
  internshipPhases,
  listRuns,
  migrateRuns,
  myOpenTasks,
  resendSupervisorLink,
} from './phase-runs.read.ts';
import type { TPhaseDefinitions } from './phase-runs.service.ts';

const TAGS = ['phases'];

/**
 * The phases' runtime (docs/decisions/phases.md "Runtime"): an internship's phases and tasks, the
 * dashboards' open tasks, completing a task or a phase by hand, and a designer's explicit migration.
 * Reads come from placements' tables; changes are Temporal updates to the internship's workflow.
 */
export const phaseRunsRoutes =
  (definitions: TPhaseDefinitions): FastifyPluginAsync<TPlacementsDeps> =>
  async (app, deps) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const workflows = phaseWorkflows(deps.temporal);

    r.get('/api/v1/internships/:id/phases', {
      schema: {
        tags: TAGS,
        summary:
          "An internship's phases in order (done, current, upcoming) with their tasks and who must act",
        description:
          'Every party of the internship (the student, their mentor, the school admin, the organization) reads it; ' +
          'anyone else gets 404. `meta.run` is null when the internship runs no phases.',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZInternshipPhasesDocument },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const doc = await internshipPhases(ctx, await callerOf(req, ctx.db), req.params.id, definitions);
        reply.header('cache-control', 'private, no-store');
        return doc;
      },
    });

    r.post('/api/v1/internships/:id/phases/:phaseId/complete', {
      schema: {
        tags: TAGS,
        summary: 'Close the current phase whose completion is by hand (school admin or mentor)',
        description:
          'A phase that completes by its tasks is `phase_update_invalid` (422); another phase than the current one ' +
          '`phase_task_not_current` (409); a student or the organization `phase_task_wrong_actor` (403).',
        params: z.object({ id: z.uuid(), phaseId: z.uuid() }),
        response: { 200: ZInternshipPhasesDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        return completePhaseByHand(
          ctx,
          await callerOf(req, ctx.db),
          req.params.id,
          req.params.phaseId,
          workflows,
          definitions,
        );
      },
    });

    r.get('/api/v1/phase_tasks', {
      schema: {
        tags: TAGS,
        summary: 'My open tasks: those of the current phases the caller must act on, by deadline',
        description:
          'The internships the caller sees (their own, their mentees’, their school’s, their organization’s); a task ' +
          'is listed for its actor, and once escalated for the mentor (level 1) and the school admin (level 2).',
        querystring: ZPhaseTasksQuery,
        response: { 200: ZPhaseTaskCollection },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const doc = await myOpenTasks(ctx, await callerOf(req, ctx.db), req.query);
        reply.header('cache-control', 'private, no-store');
        return doc;
      },
    });

    r.post('/api/v1/phase_tasks/:id/complete', {
      schema: {
        tags: TAGS,
        summary: 'Complete a task of the current phase (its actor, or whom it escalated to)',
        description:
          'Another actor: `phase_task_wrong_actor` (403); a task done: `phase_task_completed` (409); a task of ' +
          'another phase: `phase_task_not_current` (409); Temporal away: `phases_unavailable` (503).',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZPhaseTaskDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        return { data: await completeTask(ctx, await callerOf(req, ctx.db), req.params.id, workflows) };
      },
    });

    r.post('/api/v1/phase_tasks/:id/supervisor_link', {
      schema: {
        tags: TAGS,
        summary:
          "Send the workplace supervisor a new link for their open task (the school's admin or mentor)",
        description:
          'The link mailed before stops working; logged (audit log, placements.phase_task.link_sent). Not the ' +
          'supervisor’s task or not school staff: `phase_task_wrong_actor` (403); an evaluation or assignment task: ' +
          '`phase_task_by_submission` (409); no address the school approved: `supervisor_not_approved` (409).',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZPhaseTaskLinkDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        return resendSupervisorLink(ctx, await callerOf(req, ctx.db), req.params.id);
      },
    });

    r.get('/api/v1/phase_runs', {
      schema: {
        tags: TAGS,
        summary:
          "The School's internships running a definition: version, current phase, last migration (designers)",
        description:
          'The workflow designers of the selected School (401 anonymous, 403 anyone else); a definition of another ' +
          'school or tenant: 404. Running runs first, at most 500; `last_migration` is the newest logged migration; ' +
          '`meta.versions` the published versions with their phases (the migration targets).',
        querystring: ZPhaseRunsQuery,
        response: { 200: ZPhaseRunsDocument },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const doc = await listRuns(ctx, await callerOf(req, ctx.db), req.query);
        reply.header('cache-control', 'private, no-store');
        return doc;
      },
    });

    // The workplace supervisor, by the mailed link (X-Action-Link header): no account, the link's task only.
    r.get('/api/v1/phase_task_link', {
      ...app.externalLinks.route({ action: PHASE_TASK_LINK_ACTION }),
      schema: {
        tags: TAGS,
        summary: "The task a workplace supervisor's link is about (external link in X-Action-Link)",
        description:
          'An internship no longer active, or a link to an address the internship no longer names: `link_revoked` (410).',
        response: { 200: ZPhaseTaskLinkDocument },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        reply.header('cache-control', 'private, no-store');
        return phaseTaskByLink(ctx, linkActorOf(req));
      },
    });

    r.post('/api/v1/phase_tasks/:id/complete_by_link', {
      ...app.externalLinks.route({
        action: PHASE_TASK_LINK_ACTION,
        subject: (req) => phaseTaskLinkSubject((req.params as { id: string }).id),
      }),
      schema: {
        tags: TAGS,
        summary: 'The workplace supervisor completes their task (external link in X-Action-Link)',
        description:
          'The same update as any completion: a link for another task `link_not_allowed` (403), a done task ' +
          '`phase_task_completed` (409), a task of another phase `phase_task_not_current` (409).',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZPhaseTaskLinkDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        return completeTaskByLink(ctx, linkActorOf(req), workflows);
      },
    });

    r.post('/api/v1/phase_migrations', {
      schema: {
        tags: TAGS,
        summary:
          'Move chosen running internships to any other published version of their definition (designers)',
        description:
          'The version must be a published one of a definition of the caller’s school. Per internship: migrated, or ' +
          'the reason it was not (another school’s: not_found; not running; another definition or the same version: ' +
          'phase_update_invalid; the target version lacks the phase it stands in: phase_migration_phase_missing). ' +
          '`from_phase` and `to_phase` say how it maps (the same phase id, its position in each version). Each ' +
          'migration is logged (audit log and placements.phase_run.migrated).',
        body: ZPhaseMigrationBody,
        response: { 200: ZPhaseMigrationCollection },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        const data = await migrateRuns(ctx, await callerOf(req, ctx.db), req.body.data.attributes, workflows);
        return { data, meta: { total: data.length } };
      },
    });
  };
