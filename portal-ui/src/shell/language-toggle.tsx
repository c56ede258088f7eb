import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@stageplein/contracts/i18n/index';
import { currentLanguage, switchLanguage } from '../i18n/i18n.ts';

/** Switches between Dutch and English without a reload; the choice is kept in the `locale` cookie. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n);
  const next: TLanguage = LANGUAGES.find((l) => l !== current) ?? current;
  return (
    <button
      type="button"
      className="language-toggle"
      data-testid="language-toggle"
      data-language={current}
      onClick={() => void switchLanguage(i18n, next)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
      <span className="visually-hidden">{t('shell.language')}: </span>
      <span lang={next}>{t(`app.languages.${next}`, { lng: next })}</span>
    </button>
  );
}
