import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOURS_LINK_ACTION,
  ZHoursConfirmationDocument,
  ZHoursDueCollection,
  ZHoursCorrectionBody,
  ZHoursDecisionsBody,
  ZHoursEntryCreateBody,
  ZHoursEntryUpdateBody,
  ZHoursPaperBody,
  ZHoursPeriodDefaultBody,
  ZHoursSheetDocument,
  ZHoursSignOffBody,
} from '@stageplein/contracts/placements/hours';
import { HOURS_DUE_WEEKS_LISTED } from '@stageplein/contracts/placements/hours-due';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { hoursConfirmationDocument, hoursSheetDocument } from './hours.serialize.ts';
import {
  changeEntry,
  confirmationByLink,
  correctEntry,
  decideByLink,
  hoursDue,
  logEntry,
  readHoursSheet,
  recordPaperHours,
  removeEntry,
  requestLinkFromPaper,
  sendSupervisorLink,
  setPeriodDefault,
  setUpdatingHours,
  signOffHours,
} from './hours.service.ts';

const TAGS = ['hours'];
const ZInternship = z.object({ internshipId: z.uuid() });
const ZEntry = z.object({ internshipId: z.uuid(), entryId: z.uuid() });

/**
 * Hours registration (docs/decisions/hours.md): one internship's sheet, its entries, the school's
 * steps, and the supervisor's confirmation through an external link (no account). Every answer is the
 * whole sheet after the change, so a screen shows the new totals without a second call.
 */
export const hoursRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sheetDoc =
    (req: { tenant: { features: { paperTimesheets: boolean } } }) =>
    (s: Parameters<typeof hoursSheetDocument>[0]) =>
      hoursSheetDocument(s, req.tenant.features.paperTimesheets);

  r.get('/api/v1/hours/due', {
    schema: {
      tags: TAGS,
      summary: 'The ended weeks without hours on the student’s running sheets (the student’s queue)',
      description:
        'Per internship of the caller (a student, for their current School) whose sheet takes hours: the weeks (Monday to Sunday, within the internship’s or its period’s dates) that have ended without a logged entry. `meta.total`: the weeks in all. Empty for anyone else.',
      response: { 200: ZHoursDueCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const due = await hoursDue(ctx, await callerOf(req, ctx.db));
      reply.header('cache-control', 'private, no-store');
      return {
        data: due.map(({ internship, weeks }) => ({
          type: 'hours_due' as const,
          id: internship.id,
          attributes: {
            internship_id: internship.id,
            title: internship.title,
            organization_name: internship.organization_name,
            week_count: weeks.length,
            weeks: weeks.slice(0, HOURS_DUE_WEEKS_LISTED),
          },
        })),
        meta: { total: due.reduce((n, d) => n + d.weeks.length, 0) },
      };
    },
  });

  r.get('/api/v1/hours/:internshipId', {
    schema: {
      tags: TAGS,
      summary:
        "One internship's hours: totals, entries and the caller's steps (student, mentor, school, organization)",
      params: ZInternship,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const sheet = await readHoursSheet(ctx, await callerOf(req, ctx.db), req.params.internshipId);
      reply.header('cache-control', 'private, no-store');
      return sheetDoc(req)(sheet);
    },
  });

  r.post('/api/v1/hours/:internshipId/entries', {
    schema: {
      tags: TAGS,
      summary: 'Log a day’s hours (the student, while updating is allowed)',
      params: ZInternship,
      body: ZHoursEntryCreateBody,
      response: { 201: ZHoursSheetDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { sheet } = await logEntry(ctx, caller, req.params.internshipId, req.body.data.attributes);
      return reply.status(201).send(sheetDoc(req)(sheet));
    },
  });

  r.patch('/api/v1/hours/:internshipId/entries/:entryId', {
    schema: {
      tags: TAGS,
      summary: 'Change an entry the supervisor has not decided on (the student)',
      params: ZEntry,
      body: ZHoursEntryUpdateBody,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { internshipId, entryId } = req.params;
      const { sheet } = await changeEntry(ctx, caller, internshipId, entryId, req.body.data.attributes);
      return sheetDoc(req)(sheet);
    },
  });

  r.delete('/api/v1/hours/:internshipId/entries/:entryId', {
    schema: {
      tags: TAGS,
      summary: 'Delete an entry the supervisor has not decided on (the student)',
      params: ZEntry,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      return sheetDoc(req)(await removeEntry(ctx, caller, req.params.internshipId, req.params.entryId));
    },
  });

  r.post('/api/v1/hours/:internshipId/entries/:entryId/correct', {
    schema: {
      tags: TAGS,
      summary: 'Correct an entry’s hours or status with a reason (the school)',
      params: ZEntry,
      body: ZHoursCorrectionBody,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { internshipId, entryId } = req.params;
      const { sheet } = await correctEntry(ctx, caller, internshipId, entryId, req.body.data.attributes);
      return sheetDoc(req)(sheet);
    },
  });

  for (const [action, allowed] of [
    ['lock', false],
    ['unlock', true],
  ] as const) {
    r.post(`/api/v1/hours/:internshipId/${action}`, {
      schema: {
        tags: TAGS,
        summary: allowed
          ? 'Let the student update hours again; withdraws a sign-off (the school)'
          : 'Stop the student from updating hours (the school)',
        params: ZInternship,
        response: { 200: ZHoursSheetDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        const caller = await callerOf(req, ctx.db);
        return sheetDoc(req)(await setUpdatingHours(ctx, caller, req.params.internshipId, allowed));
      },
    });
  }

  r.post('/api/v1/hours/:internshipId/sign_off', {
    schema: {
      tags: TAGS,
      summary: 'Sign the hours off and lock them (the school)',
      description:
        'The body is optional: `data{type: hours_sign_off, attributes{note}}` keeps a note for the file.',
      params: ZInternship,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      // Optional body, so the step is also a bare POST like lock and unlock.
      const note = req.body == null ? undefined : ZHoursSignOffBody.parse(req.body)?.data.attributes.note;
      return sheetDoc(req)(await signOffHours(ctx, caller, req.params.internshipId, note));
    },
  });

  r.post('/api/v1/hours/:internshipId/paper_total', {
    schema: {
      tags: TAGS,
      summary:
        'Record the signed paper timesheet’s total, optionally its scan (the school; paper-timesheet tenants)',
      params: ZInternship,
      body: ZHoursPaperBody,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const input = req.body.data.attributes;
      return sheetDoc(req)(await recordPaperHours(ctx, caller, req.params.internshipId, input));
    },
  });

  r.post('/api/v1/hours/:internshipId/supervisor_link', {
    config: { limited: true },
    schema: {
      tags: TAGS,
      summary:
        'Mail the approved supervisor a new link for the hours waiting for them; older links stop working (student, mentor, school; limited per internship)',
      params: ZInternship,
      response: { 200: ZHoursSheetDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      return sheetDoc(req)(await sendSupervisorLink(ctx, caller, req.params.internshipId));
    },
  });

  r.post('/api/v1/hours/:internshipId/supervisor_link/request', {
    schema: {
      tags: TAGS,
      summary:
        "From a paper timesheet's QR code, no account: mail the link to the internship's approved supervisor when hours wait for them (limited per internship; always 202)",
      params: ZInternship,
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await requestLinkFromPaper(ctx, req.params.internshipId);
      return reply.status(202).send();
    },
  });

  r.put('/api/v1/hours/periods/:periodId', {
    schema: {
      tags: TAGS,
      summary: "Set an internship period's default required hours (an admin of the period's school)",
      params: z.object({ periodId: z.uuid() }),
      body: ZHoursPeriodDefaultBody,
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      await setPeriodDefault(ctx, caller, req.params.periodId, req.body.data.attributes.required_hours);
      return reply.status(204).send();
    },
  });

  // The supervisor, by the mailed link (X-Action-Link header): no account, the link's internship only.
  const byLink = () => app.externalLinks.route({ action: HOURS_LINK_ACTION });

  r.get('/api/v1/hours/confirmation', {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: 'The hours a supervisor is asked to confirm (external link in X-Action-Link)',
      response: { 200: ZHoursConfirmationDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { sheet, expiresAt } = await confirmationByLink(ctx, linkActorOf(req));
      reply.header('cache-control', 'private, no-store');
      return hoursConfirmationDocument(sheet, expiresAt);
    },
  });

  r.post('/api/v1/hours/confirmation', {
    ...byLink(),
    schema: {
      tags: TAGS,
      summary: 'Confirm or reject pending entries (the supervisor, external link in X-Action-Link)',
      body: ZHoursDecisionsBody,
      response: { 200: ZHoursConfirmationDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { sheet, expiresAt } = await decideByLink(ctx, linkActorOf(req), req.body);
      return hoursConfirmationDocument(sheet, expiresAt);
    },
  });
};
