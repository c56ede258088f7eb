import type { QueryClient } from '@tanstack/react-query';
import type { i18n as TI18n } from 'i18next';
import { toCamelKeys } from '@stageplein/contracts/client/case-keys';
import type { TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import type { TPrerenderData } from '@stageplein/contracts/content/prerender';
import { vacancyPageOf } from '@stageplein/contracts/placements/vacancy-page';
import { registerStagebankMessages } from './stagebank-messages.ts';
import { vacancySearchKey } from './vacancy-api.ts';

/**
 * The gateway served `/stagebank` with its search's first page (services/gateway/src/cms-prerender.ts):
 * that answer goes under the page's query key, read as the API client reads it, so the page's first
 * render is the served list (hydrated, no second search call). English texts are registered first,
 * else the page's first render would be its busy placeholder instead of the served page.
 */
export async function seedVacancySearch(
  client: QueryClient,
  i18n: TI18n,
  served: NonNullable<TPrerenderData['vacancySearch']>,
): Promise<void> {
  client.setQueryData(
    vacancySearchKey(served.params),
    vacancyPageOf(toCamelKeys<TRawDocument>(served.document)),
  );
  if ((i18n.resolvedLanguage ?? i18n.language).startsWith('en')) {
    const { stagebankEn } = await import('./stagebank-messages-en.ts');
    registerStagebankMessages(i18n, 'en', stagebankEn);
  }
}
