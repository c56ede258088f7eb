import { describe, expect, it } from 'vitest';
import { MENU_ITEMS_QUERY, NEWS_QUERY, PAGES_QUERY } from '@stageplein/contracts/content/content';
import { wireFiltersOf } from '@stageplein/contracts/jsonapi/jsonapi';
import { CONTENT_QUERIES } from './api-resources.ts';

describe('CONTENT_QUERIES', () => {
  it('are the content API’s query specs (written out to keep zod out of the first load)', () => {
    expect(CONTENT_QUERIES.pages.sorts).toEqual(PAGES_QUERY.sorts);
    expect(CONTENT_QUERIES.pages.maxPageSize).toBe(PAGES_QUERY.maxPageSize);
    expect(CONTENT_QUERIES.news.maxPageSize).toBe(NEWS_QUERY.maxPageSize);
    expect([...CONTENT_QUERIES.menuItems.filters].sort()).toEqual(wireFiltersOf(MENU_ITEMS_QUERY).sort());
  });
});
