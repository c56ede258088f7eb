import { vacancyKindsFor } from '@stageplein/contracts/placements/vacancy-kinds';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { registerStagebankMessages, STAGEBANK_NAMESPACE, stagebankNl } from './stagebank-messages.ts';

/** `t` of the `stagebank` namespace (the pages are wrapped in `withStagebankTexts`). */
export function useStagebankTexts() {
  const { t, i18n } = useTranslation(STAGEBANK_NAMESPACE);
  registerStagebankMessages(i18n, 'nl', stagebankNl);
  return t;
}

/**
 * A page of these screens, shown once its texts are there: Dutch at once, English after its small
 * chunk has loaded (also when the language is switched on the page); until then an empty busy page.
 */
export function withStagebankTexts<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithStagebankTexts(props: P) {
    const { i18n } = useTranslation();
    registerStagebankMessages(i18n, 'nl', stagebankNl);
    const english = (i18n.resolvedLanguage ?? i18n.language).startsWith('en');
    const missing = english && !i18n.hasResourceBundle('en', STAGEBANK_NAMESPACE);
    const [, loaded] = useState(0);
    useEffect(() => {
      if (!missing) return;
      void import('./stagebank-messages-en.ts').then(({ stagebankEn }) => {
        registerStagebankMessages(i18n, 'en', stagebankEn);
        loaded((n) => n + 1);
      });
    }, [missing, i18n]);
    if (missing) return <div className="container page" aria-busy="true" />;
    return <Page {...props} />;
  };
}

/** The kinds of vacancy a tenant offers (the contract's rule, zod-free). */
export const vacancyKinds = vacancyKindsFor;
