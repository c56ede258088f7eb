import { describe, expect, it } from 'vitest';
import { pageAttributes } from './api-resources.ts';

const NL_DRAFT = {
  id: 'p',
  slug: 'over-ons',
  locale: 'nl',
  title: 'Over ons',
  seoDescription: null,
  body: { type: 'doc', content: [] },
  bodyHtml: '',
  status: 'draft',
  revisionId: 'r1',
  publishedAt: null,
  updatedAt: '2026-11-23T10:00:00Z',
};

describe('pageAttributes (a save is a revision of one language)', () => {
  it('sends what changed and always the language', () => {
    expect(pageAttributes({ ...NL_DRAFT, title: 'Wie wij zijn' }, NL_DRAFT)).toEqual({
      title: 'Wie wij zijn',
      locale: 'nl',
    });
  });

  it('sends the whole text for a language new to the page (the form showed the nl fallback)', () => {
    expect(pageAttributes({ ...NL_DRAFT, locale: 'en', title: 'About us' }, NL_DRAFT)).toEqual({
      locale: 'en',
      title: 'About us',
      seoDescription: null,
      body: { type: 'doc', content: [] },
    });
  });

  it('publishing and taking offline send the status whatever the shown state was', () => {
    expect(pageAttributes({ status: 'published', locale: 'en' }, {})).toEqual({
      status: 'published',
      locale: 'en',
    });
    expect(pageAttributes({ status: 'draft', locale: 'nl' }, {})).toEqual({ status: 'draft', locale: 'nl' });
  });

  it('never sends what the server derives', () => {
    const sent = pageAttributes({ ...NL_DRAFT, bodyHtml: '<p>x</p>', status: 'published' }, NL_DRAFT);
    expect(sent).not.toHaveProperty('bodyHtml');
  });
});
