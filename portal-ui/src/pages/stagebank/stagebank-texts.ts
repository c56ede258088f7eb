import { useTranslation } from 'react-i18next';
import type { TTenantFeatures } from '@stageplein/contracts/tenants/tenant.types';
import { registerStagebankMessages, STAGEBANK_NAMESPACE } from './stagebank-messages.ts';

/** `t` of the `stagebank` namespace, its texts added on first use (they came with this chunk). */
export function useStagebankTexts() {
  const { t, i18n } = useTranslation(STAGEBANK_NAMESPACE);
  registerStagebankMessages(i18n);
  return t;
}

/**
 * The kinds of vacancy a tenant offers: the rule of `vacancyKindsFor` (contracts/placements/
 * vacancies.ts), repeated because that module builds zod schemas at load, which would put zod in the
 * portal's first download; stagebank-texts.test.ts keeps the two equal.
 */
export function vacancyKinds(features: Pick<TTenantFeatures, 'traineeship'>): readonly string[] {
  return features.traineeship ? ['traineeship', 'internship'] : ['internship', 'volunteer'];
}
