import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { en } from '@stageplein/contracts/i18n/en';
import { adminEn } from './admin-en.ts';
import { toPolyglotSyntax } from './polyglot-syntax.ts';

/** The English texts: their own chunk, loaded when English is chosen or detected (as in the portal). */
export const EN_MESSAGES = {
  ...toPolyglotSyntax(en),
  ...adminEn,
  ...englishMessages,
} as TranslationMessages;
