import { describe, expect, it } from 'vitest';
import {
  documentToText,
  EMPTY_VACANCY_FORM,
  previewVacancy,
  textToDocument,
  vacancyAttributes,
} from './vacancy-form-model.ts';

describe('the plain description field', () => {
  it('turns blank-line separated blocks into paragraphs and single line breaks into hard breaks', () => {
    expect(textToDocument('Eerste alinea\nregel twee\n\n\nTweede')).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Eerste alinea' },
            { type: 'hardBreak' },
            { type: 'text', text: 'regel twee' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Tweede' }] },
      ],
    });
    expect(textToDocument('  \n ')).toEqual({ type: 'doc', content: [] });
  });

  it('reads a document back as the same text', () => {
    const text = 'Eerste alinea\nregel twee\n\nTweede';
    expect(documentToText(textToDocument(text))).toBe(text);
    expect(documentToText(null)).toBe('');
  });
});

describe('the attributes sent', () => {
  it('leave empty fields out as null and read numbers with a decimal comma', () => {
    const attrs = vacancyAttributes({
      ...EMPTY_VACANCY_FORM,
      title: ' Zorgstage ',
      hoursPerWeek: '12,5',
      places: '',
    });
    expect(attrs).toMatchObject({
      title: 'Zorgstage',
      hoursPerWeek: 12.5,
      places: 1,
      street: null,
      startsOn: null,
    });
    expect(attrs.kind).toBeUndefined();
  });

  it('preview escapes the text as HTML', () => {
    const v = previewVacancy({ ...EMPTY_VACANCY_FORM, title: 'T', description: '<script>x</script>' }, {});
    expect(v.descriptionHtml).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
  });
});
