import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { contentService } from '@stageplein/content';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { deliver, eventually, harness, type THarness } from '../../../test/harness.ts';
import type { TDb } from '../../database.ts';
import { findFormVersion, latestPublishedForms } from './form-versions.repository.ts';

let h: THarness;
let db: TDb;
// Content beside placements: its seeds publish the evaluation and assignment forms through the relay.
beforeAll(async () => {
  h = await harness([contentService]);
  db = h.owner as unknown as TDb;
}, 120_000);
afterAll(() => h?.close());

const definition = (nl: string): TFormDefinition => ({
  format: 1,
  title: { nl, en: '' },
  pages: [
    {
      id: 'p',
      sections: [{ id: 's', fields: [{ id: 'q', type: 'short_text', label: { nl: 'Vraag', en: '' } }] }],
    },
  ],
});

const publish = (
  formId: string,
  version: number,
  purpose: 'evaluation' | 'general',
  title: string,
  tenant = 'demo' as const,
) =>
  deliver(
    h,
    'content.form.version_published',
    formId,
    {
      form_id: formId,
      version,
      purpose,
      definition: definition(title),
      published_at: new Date().toISOString(),
    },
    tenant,
  );

describe('placements’ read model of content’s forms', () => {
  it('has every tenant’s seeded evaluation forms and assignment form, not the public forms', async () => {
    await eventually(async () => {
      const evaluation = await latestPublishedForms(db, 'demo', 'evaluation');
      expect(evaluation.map((f) => f.definition.title.nl)).toEqual([
        'Evaluatie stage (mentor)',
        'Evaluatie stage (praktijkbegeleider)',
        'Evaluatie stage (student)',
      ]);
    });
    const [assignment] = await latestPublishedForms(db, 'demo', 'assignment');
    expect(assignment?.definition.title.nl).toBe('Opdracht praktijkbegeleider');
    expect(await latestPublishedForms(db, 'demo', 'general')).toEqual([]);
    expect(await latestPublishedForms(db, 'demo', 'contact')).toEqual([]);
  });

  it('offers the newest version, keeps older ones, ignores redeliveries and public forms, and stops offering an archived form', async () => {
    const id = randomUUID();
    await publish(id, 1, 'evaluation', 'Zz eerste');
    await publish(id, 2, 'evaluation', 'Zz tweede');
    await publish(id, 2, 'evaluation', 'Zz overschreven?');
    const general = randomUUID();
    await publish(general, 1, 'general', 'Openbaar');

    const latest = (await latestPublishedForms(db, 'demo', 'evaluation')).filter((f) => f.form_id === id);
    expect(latest.map((f) => [f.version, f.definition.title.nl])).toEqual([[2, 'Zz tweede']]);
    expect((await findFormVersion(db, 'demo', id, 1))?.definition.title.nl).toBe('Zz eerste');
    expect(await findFormVersion(db, 'demo', general, 1)).toBeUndefined();
    // Tenant scoped: another tenant does not see it.
    expect(await findFormVersion(db, 'stageplein', id, 2)).toBeUndefined();

    await deliver(h, 'content.form.archived', id, {
      form_id: id,
      purpose: 'evaluation',
      status: 'archived',
      version: 2,
    });
    expect((await latestPublishedForms(db, 'demo', 'evaluation')).map((f) => f.form_id)).not.toContain(id);
    // Answers given to it stay readable against their version.
    expect(await findFormVersion(db, 'demo', id, 2)).toMatchObject({ version: 2, archived: true });
  });
});
