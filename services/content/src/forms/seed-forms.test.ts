import { describe, expect, it } from 'vitest';
import { ZFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { SEED_CONTACT_FORM, SEED_EXAMPLE_FORM } from './seed-forms.ts';
import { SEED_PLACEMENT_FORMS } from './seed-evaluation-forms.ts';

describe('seeded forms', () => {
  it('follow the definition format', () => {
    for (const definition of [
      SEED_CONTACT_FORM,
      SEED_EXAMPLE_FORM,
      ...SEED_PLACEMENT_FORMS.map((f) => f.definition),
    ]) {
      const result = ZFormDefinition.safeParse(definition);
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });
});
