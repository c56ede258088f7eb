import { describe, expect, it } from 'vitest';
import { vacancyKindsFor } from '@stageplein/contracts/placements/vacancies';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { stagebankEn } from './stagebank-messages-en.ts';
import { stagebankNl } from './stagebank-messages.ts';
import { vacancyKinds } from './stagebank-texts.tsx';

describe('the stagebank texts and kinds', () => {
  it('offer the kinds of the contracts rule for every tenant, each with a text', () => {
    for (const tenant of Object.values(TENANTS)) {
      expect(vacancyKinds(tenant.features)).toEqual(vacancyKindsFor(tenant.features));
      for (const kind of vacancyKinds(tenant.features)) {
        expect(stagebankNl.kinds[kind as keyof typeof stagebankNl.kinds]).toBeTruthy();
        expect(stagebankEn.kinds[kind as keyof typeof stagebankEn.kinds]).toBeTruthy();
      }
    }
  });
});
