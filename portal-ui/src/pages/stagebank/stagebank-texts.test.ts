import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { stagebankText } from '@stageplein/contracts/placements/stagebank-messages';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { stagebankEn } from './stagebank-messages-en.ts';
import { registerStagebankMessages, STAGEBANK_NAMESPACE, stagebankNl } from './stagebank-messages.ts';
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

describe('the gateway’s reading of the texts (stagebankText) and i18next’s', () => {
  it('give the same text for every key, plural and variable, in nl and en', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'nl',
      fallbackLng: 'nl',
      interpolation: { escapeValue: false },
      resources: {},
    });
    registerStagebankMessages(i18n, 'nl', stagebankNl);
    registerStagebankMessages(i18n, 'en', stagebankEn);
    const keys = (node: object, prefix = ''): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === 'string'
          ? [`${prefix}${k.replace(/_(one|other)$/, '')}`]
          : keys(v as object, `${prefix}${k}.`),
      );
    const vars = {
      count: 1,
      km: 12.5,
      hours: 16,
      page: 2,
      pages: 3,
      label: 'Zorg & welzijn',
      start: 'x',
      end: 'y',
    };
    for (const [lang, messages] of [
      ['nl', stagebankNl],
      ['en', stagebankEn],
    ] as const) {
      const t = i18n.getFixedT(lang, STAGEBANK_NAMESPACE);
      for (const key of new Set(keys(messages)))
        for (const count of [0, 1, 2])
          expect(stagebankText(messages, lang, key, { ...vars, count }), `${lang} ${key} ${count}`).toBe(
            t(key, { ...vars, count }),
          );
      expect(stagebankText(messages, lang, 'kinds.unknown', { defaultValue: 'unknown' })).toBe(
        t('kinds.unknown', { defaultValue: 'unknown' }),
      );
    }
  });
});
