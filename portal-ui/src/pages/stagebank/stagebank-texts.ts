import { useTranslation } from 'react-i18next';
import type { TTenantFeatures } from '@stageplein/contracts/tenants/tenant.types';
import { registerStagebankMessages, STAGEBANK_NAMESPACE } from './stagebank-messages.ts';

/** `t` of the `stagebank` namespace, its texts added on first use (they came with this chunk). */
export function useStagebankTexts() {
  const { t, i18n } = useTranslation(STAGEBANK_NAMESPACE);
  registerStagebankMessages(i18n);
  return t;
}

/** The kinds of vacancy a tenant offers (its spec §1 switches), the filter's options. */
export function VACANCY_KIND_OPTIONS(features: Pick<TTenantFeatures, 'traineeship'>): readonly string[] {
  return features.traineeship ? ['traineeship', 'internship'] : ['internship', 'volunteer'];
}
