import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZNotificationCategory,
  ZNotificationPreferenceCollection,
  ZNotificationPreferenceDocument,
  ZNotificationPreferenceUpdateBody,
  type TNotificationPreferenceResource,
} from '@stageplein/contracts/notifications/notifications';
import { notFound } from '@stageplein/kit/errors/api-error';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TNotificationsDeps } from '../notifications.config.ts';
import { requireCaller } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { choosePreference, preferencesOf, type TPreference } from './preferences.service.ts';

const TAGS = ['notifications'];

const preferenceResource = (p: TPreference): TNotificationPreferenceResource => ({
  type: 'notification_preference',
  id: p.category,
  attributes: { category: p.category, delivery: p.delivery, changeable: p.changeable },
});

/** The caller's own delivery per category (in-app only, e-mail, digest); nobody else's. */
export const preferencesRoutes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/notification_preferences', {
    schema: {
      tags: TAGS,
      summary: 'The caller’s delivery per notification category',
      response: { 200: ZNotificationPreferenceCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const data = (await preferencesOf(ctx, caller.userId)).map(preferenceResource);
      return collectionDocument(data, { total: data.length });
    },
  });

  r.patch('/api/v1/notification_preferences/:category', {
    schema: {
      tags: TAGS,
      summary: 'Choose how the caller hears of a category: in_app, email or digest',
      description: 'Account and signing mail cannot be changed: `notification_delivery_locked` (422).',
      params: z.object({ category: z.string() }),
      body: ZNotificationPreferenceUpdateBody,
      response: { 200: ZNotificationPreferenceDocument },
    },
    handler: async (req) => {
      const category = ZNotificationCategory.safeParse(req.params.category);
      if (!category.success) throw notFound();
      assertSameId(req.body.data.id, category.data);
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const chosen = await choosePreference(
        ctx,
        caller.userId,
        category.data,
        req.body.data.attributes.delivery,
      );
      return resourceDocument(preferenceResource(chosen));
    },
  });
};
