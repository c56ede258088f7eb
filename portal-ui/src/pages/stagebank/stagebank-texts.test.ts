import { describe, expect, it } from 'vitest';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { stagebankEn } from './stagebank-messages-en.ts';
import { stagebankNl } from './stagebank-messages.ts';
import { vacancyKinds } from './stagebank-texts.tsx';

describe('the stagebank texts and kinds', () => {
  it('name every kind a tenant offers, in nl and en', () => {
    for (const tenant of Object.values(TENANTS)) {
      for (const kind of vacancyKinds(tenant.features)) {
        expect(stagebankNl.kinds[kind as keyof typeof stagebankNl.kinds]).toBeTruthy();
        expect(stagebankEn.kinds[kind as keyof typeof stagebankEn.kinds]).toBeTruthy();
      }
    }
  });
});
