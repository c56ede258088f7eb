import { useTranslation } from 'react-i18next';
import type { TMessages } from '@stageplein/contracts/i18n/index';

/** The sections each i18next instance was given (an instance per app; tests make more). */
const added = new WeakMap<object, Set<string>>();

/**
 * Adds a page's Dutch texts under `portal.<section>` the first time the page renders. Such a section
 * is a module of its own in contracts/src/i18n (e.g. nl-imports.ts): part of `nl`, but left out of the
 * portal's first download (i18n.ts) to keep /stagebank within its 170 KiB budget. English needs no such
 * step: the whole English catalogue is a chunk of its own. Added deep and without overwriting: a
 * tenant's messages file that arrived first and changed some of these texts keeps its own.
 */
export function usePortalTexts<K extends keyof TMessages['portal']>(
  section: K,
  texts: TMessages['portal'][K],
): void {
  const { i18n } = useTranslation();
  const sections = added.get(i18n) ?? new Set<string>();
  if (!sections.has(section)) {
    sections.add(section);
    added.set(i18n, sections);
    i18n.addResourceBundle('nl', 'translation', { portal: { [section]: texts } }, true, false);
  }
}
