import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TRecentActionGroup,
  TRecentActionPeriod,
  TRecentActionResource,
} from '@stageplein/contracts/notifications/recent-actions';

/** The portal's call to recent actions (contracts/src/notifications/recent-actions.ts), read `raw`. */
export type TRecentAction = TRecentActionResource['attributes'] & { id: string };

export interface TRecentActionsPage {
  items: TRecentAction[];
  total: number;
  scope: 'own' | 'school' | 'mentor' | 'organization';
}

export const RECENT_ACTIONS_KEY = ['recent-actions'] as const;

export async function fetchRecentActions(
  client: TApiClient,
  filter: { group: TRecentActionGroup | null; period: TRecentActionPeriod; size: number },
  signal?: AbortSignal,
): Promise<TRecentActionsPage> {
  const doc = await client.get<{
    data: TRecentActionResource[];
    meta: { total: number; scope: TRecentActionsPage['scope'] };
  }>('/api/v1/recent_actions', {
    signal,
    raw: true,
    query: {
      'filter[period]': filter.period,
      ...(filter.group ? { 'filter[group]': filter.group } : {}),
      'page[size]': filter.size,
    },
  });
  return {
    items: doc.data.map((r) => ({ ...r.attributes, id: r.id })),
    total: doc.meta.total,
    scope: doc.meta.scope,
  };
}
