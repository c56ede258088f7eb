import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VACANCY_ACTIONS,
  ZVacancyCreateBody,
  ZVacancyDocument,
  ZVacancyHideBody,
  ZVacancyUpdateBody,
} from '@stageplein/contracts/placements/vacancies';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { ZOrganizationPeopleCollection } from '@stageplein/contracts/placements/organization-people';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contactResource } from '../shared/organization-contacts.ts';
import { contextOf } from '../shared/request.ts';
import { vacancyResource } from './vacancies.serialize.ts';
import {
  changeVacancy,
  createVacancy,
  readableVacancy,
  removeVacancy,
  seesModeration,
  takeAction,
  vacancyPeople,
} from './vacancies.service.ts';

const TAGS = ['vacancies'];
const ZId = z.object({ id: z.uuid() });

/**
 * One vacancy and its changes (docs/decisions/placements.md). The collection (`GET /api/v1/vacancies`,
 * search) is the vacancy-search feature's. Status changes are their own endpoints, each a POST to a
 * sub-resource of the vacancy, so every step has one permission and one event.
 */
export const vacanciesRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/vacancies/:id', {
    schema: {
      tags: TAGS,
      summary:
        'One vacancy: public when published and not hidden; otherwise for its organization and moderators',
      params: ZId,
      response: { 200: ZVacancyDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const vacancy = await readableVacancy(ctx, caller, req.params.id);
      reply.header('cache-control', 'private, no-store');
      return resourceDocument(vacancyResource(vacancy, seesModeration(caller, vacancy)));
    },
  });

  r.get('/api/v1/vacancies/:id/people', {
    schema: {
      tags: TAGS,
      summary: "Whom the vacancy's managers may choose as its contact person: its organization's people",
      params: ZId,
      response: { 200: ZOrganizationPeopleCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const people = await vacancyPeople(ctx, caller, req.params.id);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(people.map(contactResource), { total: people.length });
    },
  });

  r.post('/api/v1/vacancies', {
    schema: {
      tags: TAGS,
      summary: "Write a draft vacancy for the caller's organization (its admins)",
      body: ZVacancyCreateBody,
      response: { 201: ZVacancyDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const vacancy = await createVacancy(ctx, caller, req.body.data.attributes);
      return reply.status(201).send(resourceDocument(vacancyResource(vacancy, true)));
    },
  });

  r.patch('/api/v1/vacancies/:id', {
    schema: {
      tags: TAGS,
      summary: "Edit a vacancy (its organization's admins); the status changes through the actions below",
      params: ZId,
      body: ZVacancyUpdateBody,
      response: { 200: ZVacancyDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      assertSameId(req.body.data.id, req.params.id);
      const vacancy = await changeVacancy(ctx, caller, req.params.id, req.body.data.attributes);
      return resourceDocument(vacancyResource(vacancy, true));
    },
  });

  r.delete('/api/v1/vacancies/:id', {
    schema: { tags: TAGS, summary: "Delete a draft vacancy (its organization's admins)", params: ZId },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await removeVacancy(ctx, await callerOf(req, ctx.db), req.params.id);
      return reply.status(204).send();
    },
  });

  for (const action of VACANCY_ACTIONS) {
    const hide = action === 'hide';
    r.post(`/api/v1/vacancies/:id/${action}`, {
      schema: {
        tags: TAGS,
        summary: {
          publish: 'Publish a draft or reopen a closed vacancy (admins of its approved organization)',
          close: "Close a published vacancy (its organization's admins)",
          archive: "Archive a vacancy for good (its organization's admins)",
          hide: 'Hide a vacancy from the public with a reason (school and volunteer-centre admins)',
          unhide: 'Show a hidden vacancy again (school and volunteer-centre admins)',
        }[action],
        params: ZId,
        ...(hide ? { body: ZVacancyHideBody } : {}),
        response: { 200: ZVacancyDocument },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        const caller = await callerOf(req, ctx.db);
        const body = hide ? ZVacancyHideBody.parse(req.body) : undefined;
        if (body) assertSameId(body.data.id, req.params.id);
        const vacancy = await takeAction(ctx, caller, req.params.id, action, body?.data.attributes.reason);
        return resourceDocument(vacancyResource(vacancy, true));
      },
    });
  }
};
