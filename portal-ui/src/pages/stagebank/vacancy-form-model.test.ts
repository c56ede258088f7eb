import { describe, expect, it } from 'vitest';
import { EMPTY_DOCUMENT } from '@stageplein/contracts/content/content';
import {
  contactPersonOptions,
  documentHtml,
  EMPTY_VACANCY_FORM,
  previewVacancy,
  vacancyAttributes,
} from './vacancy-form-model.ts';

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
    expect(attrs.contactPersonId).toBeNull();
    expect(
      vacancyAttributes({ ...EMPTY_VACANCY_FORM, contactPersonId: 'u-1' }, EMPTY_DOCUMENT),
    ).toMatchObject({
      contactPersonId: 'u-1',
    });
  });
});

describe('the contact person picker', () => {
  const org = 'org-1';
  const people = [
    {
      id: 'u-carla',
      firstName: 'Carla',
      lastName: 'Contact',
      roles: [{ name: 'admin' as const, resourceId: org }],
    },
    {
      id: 'u-bram',
      firstName: 'Bram',
      lastName: 'Begeleider',
      roles: [{ name: 'mentor' as const, resourceId: org }],
    },
    // The internships' rule: a learner there or someone of another organization is not offered.
    {
      id: 'u-vera',
      firstName: 'Vera',
      lastName: 'Vrijwilliger',
      roles: [{ name: 'volunteer' as const, resourceId: org }],
    },
    {
      id: 'u-olga',
      firstName: 'Olga',
      lastName: 'Elders',
      roles: [{ name: 'admin' as const, resourceId: 'org-2' }],
    },
  ];
  it('offers nobody and the organization’s people the rule allows', () => {
    const options = contactPersonOptions(
      people,
      { organizationId: org, contactPersonId: null },
      'Niemand gekozen',
    );
    expect(options.map((o) => o.value)).toEqual(['', 'u-carla', 'u-bram']);
    expect(options[1]!.label).toContain('Carla');
  });
  it('keeps the current contact as an option when the list no longer offers them', () => {
    const options = contactPersonOptions(people, { organizationId: org, contactPersonId: 'u-gone' }, '—');
    expect(options.map((o) => o.value)).toEqual(['', 'u-gone', 'u-carla', 'u-bram']);
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
