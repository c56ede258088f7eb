import {
  DEFAULT_DELIVERY,
  deliveryChangeable,
  NOTIFICATION_CATEGORIES,
  type TNotificationCategory,
  type TNotificationDelivery,
} from '@stageplein/contracts/notifications/notifications';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/request.ts';
import { listPreferences, upsertPreference } from './preferences.repository.ts';

export interface TPreference {
  category: TNotificationCategory;
  delivery: TNotificationDelivery;
  changeable: boolean;
}

/**
 * A person's delivery per category, every category: what they chose, else the default; account and
 * signing mail is always e-mail (whatever a row might say).
 */
export async function preferencesOf(ctx: TCtx, userId: string): Promise<TPreference[]> {
  const chosen = new Map((await listPreferences(ctx.db, userId)).map((p) => [p.category, p.delivery]));
  return NOTIFICATION_CATEGORIES.map((category) => {
    const changeable = deliveryChangeable(category);
    return {
      category,
      changeable,
      delivery: changeable ? (chosen.get(category) ?? DEFAULT_DELIVERY) : 'email',
    };
  });
}

/** The delivery of one category for one person (the mail side asks this before sending). */
export async function deliveryOf(
  ctx: TCtx,
  userId: string,
  category: TNotificationCategory,
): Promise<TNotificationDelivery> {
  return (await preferencesOf(ctx, userId)).find((p) => p.category === category)!.delivery;
}

/** Chooses a category's delivery; account and signing mail cannot be changed (422). */
export async function choosePreference(
  ctx: TCtx,
  userId: string,
  category: TNotificationCategory,
  delivery: TNotificationDelivery,
): Promise<TPreference> {
  if (!deliveryChangeable(category))
    throw new ApiError('notification_delivery_locked', {}, { pointer: '/data/attributes/delivery' });
  await upsertPreference(ctx.db, {
    tenant_id: ctx.tenant.id,
    user_id: userId,
    category,
    delivery,
    updated_at: ctx.now,
  });
  return { category, delivery, changeable: true };
}
