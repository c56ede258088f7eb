import type { i18n as TI18n } from 'i18next';
import {
  STAGEBANK_NAMESPACE,
  type TStagebankMessages,
} from '@stageplein/contracts/placements/stagebank-messages';

/** The `stagebank` namespace's texts are the contract's (the gateway serves the bank in the same words). */
export {
  STAGEBANK_NAMESPACE,
  stagebankNl,
  type TStagebankMessages,
} from '@stageplein/contracts/placements/stagebank-messages';

/** Adds a language's texts to the namespace once. */
export function registerStagebankMessages(i18n: TI18n, lng: string, messages: TStagebankMessages): void {
  if (!i18n.hasResourceBundle(lng, STAGEBANK_NAMESPACE)) {
    i18n.addResourceBundle(lng, STAGEBANK_NAMESPACE, messages, true, false);
  }
}
