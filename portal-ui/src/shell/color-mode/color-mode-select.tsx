import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLOR_MODE_PREFERENCES,
  type TColorModePreference,
} from '@stageplein/design-system/tokens/color-mode.ts';
import { useColorMode } from './color-mode-context.tsx';

export function ColorModeSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { preference, setPreference, forced } = useColorMode();
  return (
    <div className={`inline-field ${className ?? ''}`}>
      <label htmlFor={id}>{t('portal.colorMode.label')}</label>
      <select
        id={id}
        className="field__input"
        data-testid="color-mode"
        value={preference}
        disabled={forced}
        onChange={(e) => setPreference(e.target.value as TColorModePreference)}
      >
        {COLOR_MODE_PREFERENCES.map((p) => (
          <option key={p} value={p}>
            {t(`portal.colorMode.${p}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
