import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@stageplein/contracts/i18n/index';
import { currentLanguage, switchLanguage } from '../i18n/i18n.ts';
import { Icon } from '@stageplein/design-system/components/icons.tsx';

/**
 * Switches between Dutch and English without a reload; the choice is kept in the `locale` cookie. On a
 * phone it shows the language's code, so a signed-in header keeps room for the site's name; the
 * language's name stays its accessible name.
 */
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
      <Icon name="globe" size={18} />
      <span className="visually-hidden">{t('shell.language')}: </span>
      <span lang={next} className="language-toggle__name">
        {t(`app.languages.${next}`, { lng: next })}
      </span>
      <span className="language-toggle__code" aria-hidden="true">
        {next.toUpperCase()}
      </span>
    </button>
  );
}
