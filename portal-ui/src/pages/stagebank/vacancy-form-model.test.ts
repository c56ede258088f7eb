import { describe, expect, it } from 'vitest';
import { EMPTY_DOCUMENT } from '@stageplein/contracts/content/content';
import { documentHtml, EMPTY_VACANCY_FORM, previewVacancy, vacancyAttributes } from './vacancy-form-model.ts';

describe('the attributes sent', () => {
  it('leave empty fields out as null and read numbers with a decimal comma', () => {
    const attrs = vacancyAttributes(
      { ...EMPTY_VACANCY_FORM, title: ' Zorgstage ', hoursPerWeek: '12,5', places: '' },
      EMPTY_DOCUMENT,
    );
    expect(attrs).toMatchObject({
      title: 'Zorgstage',
      hoursPerWeek: 12.5,
      places: 1,
      street: null,
      startsOn: null,
    });
    expect(attrs.kind).toBeUndefined();
  });
});

describe('the preview', () => {
  it('renders the editor’s nodes and marks, text escaped', () => {
    const html = documentHtml({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Wat ga je doen' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '<script>x</script> ' },
            { type: 'text', text: 'vet', marks: [{ type: 'bold' }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'site', marks: [{ type: 'link', attrs: { href: 'www.voorbeeld.nl' } }] },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] },
          ],
        },
      ],
    });
    expect(html).toBe(
      '<h2>Wat ga je doen</h2><p>&lt;script&gt;x&lt;/script&gt; <strong>vet</strong><br><a href="https://www.voorbeeld.nl" rel="noopener noreferrer nofollow">site</a></p><ul><li><p>a</p></li></ul>',
    );
  });

  it('drops links the server would drop and unknown nodes, keeping their text', () => {
    const html = documentHtml({
      type: 'doc',
      content: [
        {
          type: 'iframe',
          content: [
            { type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    });
    expect(html).toBe('klik');
  });

  it('is the vacancy a visitor would see', () => {
    const v = previewVacancy({ ...EMPTY_VACANCY_FORM, title: 'T', city: 'Wijchen' }, EMPTY_DOCUMENT, {
      organizationName: 'Zorgboog',
    });
    expect(v).toMatchObject({
      title: 'T',
      city: 'Wijchen',
      organizationName: 'Zorgboog',
      descriptionHtml: '',
    });
  });
});
