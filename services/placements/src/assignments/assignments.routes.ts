import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSIGNMENT_LINK_ACTION,
  ASSIGNMENTS_QUERY,
  ZAssignmentCollection,
  ZAssignmentCreateBody,
  ZAssignmentDocument,
  ZAssignmentOptionsDocument,
  ZAssignmentReminderDocument,
  ZAssignmentUpdateBody,
  ZSupervisorAssignmentsDocument,
  ZTaskAnswersBody,
} from '@stageplein/contracts/placements/assignments';
import { sendValidationFailed } from '@stageplein/kit/errors/validation-failed';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks } from '@stageplein/kit/jsonapi/serialize';
import { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { assignmentDocument, assignmentResource, supervisorDocument } from './assignments.serialize.ts';
import {
  assignmentOptions,
  changeAssignment,
  completeTaskByLink,
  createAssignment,
  listAssignments,
  publishAssignment,
  readAssignment,
  remindSupervisors,
  supervisorView,
  todayOf,
} from './assignments.service.ts';

const TAGS = ['assignments'];
const PATH = '/api/v1/assignments';
const ZId = z.object({ id: z.uuid() });
const ZTask = z.object({ id: z.uuid(), taskId: z.uuid() });

/**
 * Workplace supervisors' assignments (docs/decisions/assignments.md): the school's assignments, their
 * publication and reminders (school admins of an approved School), and the supervisor's page through
 * one external link per supervisor (`X-Action-Link`, no account).
 */
export const assignmentsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PATH, {
    schema: {
      tags: TAGS,
      summary: "The school's assignments, newest first, with their completion (school admins)",
      querystring: ZJsonApiQueryString,
      response: { 200: ZAssignmentCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const query = parseJsonApiQuery(req.query as Record<string, string>, ASSIGNMENTS_QUERY);
      const { items, total } = await listAssignments(ctx, caller, query.page);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(items.map(assignmentResource), {
        total,
        links: pageLinks(requestUrl(req), query, total),
      });
    },
  });

  r.post(PATH, {
    schema: {
      tags: TAGS,
      summary: 'Write a new assignment as a draft (school admins)',
      description:
        'The form must be a published, not archived version of purpose `assignment`; every period, group and internship of ' +
        'the selection must be the school’s (else 422 naming it).',
      body: ZAssignmentCreateBody,
      response: { 201: ZAssignmentDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const v = await createAssignment(ctx, caller, req.body.data.attributes);
      return reply.status(201).send(assignmentDocument(v, todayOf(ctx.now)));
    },
  });

  r.get(`${PATH}/options`, {
    schema: {
      tags: TAGS,
      summary:
        "What an assignment may use: the assignment forms, the school's periods, groups and running internships",
      response: { 200: ZAssignmentOptionsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const o = await assignmentOptions(ctx, await callerOf(req, ctx.db));
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          type: 'assignment_options' as const,
          id: 'current',
          attributes: {
            forms: o.forms.map((f) => ({
              form_id: f.form_id,
              version: f.version,
              title: f.definition.title,
            })),
            internship_periods: o.periods,
            groups: o.groups,
            internships: o.internships.map((i) => ({
              id: i.id,
              student_name: i.student_name,
              organization_name: i.organization_name,
              internship_period_id: i.internship_period_id,
              group_id: i.group_id,
              supervisor_name: i.supervisor_name,
              has_supervisor: !!i.supervisor_email,
            })),
          },
        },
      };
    },
  });

  // The supervisor, by the mailed link (X-Action-Link header): no account, their own tasks only.
  const byLink = () => app.externalLinks.route({ action: ASSIGNMENT_LINK_ACTION });

  r.get(`${PATH}/supervisor`, {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary:
        "A supervisor's assignments for all their students, with the forms to answer (external link in X-Action-Link)",
      response: { 200: ZSupervisorAssignmentsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      reply.header('cache-control', 'private, no-store');
      return supervisorDocument(await supervisorView(ctx, linkActorOf(req)));
    },
  });

  r.post(`${PATH}/supervisor/tasks/:taskId`, {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: "Complete one of the supervisor's open tasks (external link in X-Action-Link)",
      description:
        '422 `validation_failed` with one error per failing answer (`source.pointer` `/data/attributes/answers/<field id>`), ' +
        'checked against the form version the assignment chose; 409 `assignment_task_completed` when already answered; ' +
        "404 for a task that is not the link's supervisor's.",
      params: z.object({ taskId: z.uuid() }),
      body: ZTaskAnswersBody,
      response: { 200: ZSupervisorAssignmentsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const outcome = await completeTaskByLink(
        ctx,
        linkActorOf(req),
        req.params.taskId,
        req.body.data.attributes.answers,
      );
      if (outcome.kind === 'invalid')
        return sendValidationFailed(
          reply as FastifyReply,
          ctx.lang,
          '/data/attributes/answers',
          outcome.issues,
        );
      return supervisorDocument(outcome.view);
    },
  });

  r.get(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: 'One assignment of the school with every task and its completion (school admins)',
      params: ZId,
      response: { 200: ZAssignmentDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const v = await readAssignment(ctx, await callerOf(req, ctx.db), req.params.id);
      reply.header('cache-control', 'private, no-store');
      return assignmentDocument(v, todayOf(ctx.now));
    },
  });

  r.patch(`${PATH}/:id`, {
    schema: {
      tags: TAGS,
      summary: 'Change an assignment: a draft entirely, a published one only its texts and due date',
      params: ZId,
      body: ZAssignmentUpdateBody,
      response: { 200: ZAssignmentDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const v = await changeAssignment(ctx, caller, req.params.id, req.body.data.attributes);
      return assignmentDocument(v, todayOf(ctx.now));
    },
  });

  r.post(`${PATH}/:id/publish`, {
    schema: {
      tags: TAGS,
      summary: 'Publish: a task per selected internship with a supervisor, one link mailed per supervisor',
      params: ZId,
      response: { 200: ZAssignmentDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const v = await publishAssignment(ctx, await callerOf(req, ctx.db), req.params.id);
      return assignmentDocument(v, todayOf(ctx.now));
    },
  });

  const reminder = (supervisors: number, tasks: number, id: string) => ({
    data: { type: 'assignment_reminder' as const, id, attributes: { supervisors, tasks } },
  });

  r.post(`${PATH}/:id/remind`, {
    schema: {
      tags: TAGS,
      summary:
        'Remind the supervisors of every open task: each gets a fresh link (the old one stops working)',
      params: ZId,
      response: { 200: ZAssignmentReminderDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const out = await remindSupervisors(ctx, await callerOf(req, ctx.db), req.params.id);
      return reminder(out.supervisors, out.tasks, req.params.id);
    },
  });

  r.post(`${PATH}/:id/tasks/:taskId/remind`, {
    schema: {
      tags: TAGS,
      summary: "Remind one task's supervisor: a fresh link by mail (the old one stops working)",
      params: ZTask,
      response: { 200: ZAssignmentReminderDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const out = await remindSupervisors(ctx, caller, req.params.id, req.params.taskId);
      return reminder(out.supervisors, out.tasks, req.params.id);
    },
  });
};
