import { describe, expect, it } from 'vitest';
import { formDataEntries, toFormData } from './form-data.ts';

describe('form data with bracketed keys (spec §7)', () => {
  it('nests objects in brackets with snake_case names', () => {
    expect(formDataEntries({ user: { firstName: 'Sam', settings: { emailNotifications: true } } })).toEqual([
      ['user[first_name]', 'Sam'],
      ['user[settings][email_notifications]', 'true'],
    ]);
  });

  it('sends scalar lists as name[] and object lists with indices', () => {
    expect(formDataEntries({ tags: ['a', 'b'], items: [{ name: 'x' }, { name: 'y' }] })).toEqual([
      ['tags[]', 'a'],
      ['tags[]', 'b'],
      ['items[0][name]', 'x'],
      ['items[1][name]', 'y'],
    ]);
  });

  it('keeps files, drops undefined, empties null, writes dates as ISO', () => {
    const file = new Blob(['hello'], { type: 'text/plain' });
    const entries = formDataEntries({
      upload: { file, caption: undefined, alt: null, takenAt: new Date(Date.UTC(2024, 0, 2)), size: 5 },
    });
    expect(entries).toEqual([
      ['upload[file]', file],
      ['upload[alt]', ''],
      ['upload[taken_at]', '2024-01-02T00:00:00.000Z'],
      ['upload[size]', '5'],
    ]);
  });

  it('fills a FormData-like object', () => {
    const appended: [string, unknown][] = [];
    toFormData({ a: { bC: 1 } }, () => ({ append: (k: string, v: unknown) => void appended.push([k, v]) }));
    expect(appended).toEqual([['a[b_c]', '1']]);
  });
});
