import { Box, Button } from '@mui/material';
import type { TContentLocale } from '@stageplein/contracts/content/content';
import { LANGUAGES } from '@stageplein/contracts/i18n/index';
import { useContentTexts } from './content-texts.ts';

/**
 * Which language of a page is shown or edited (nl, en): toggle buttons (`aria-pressed`). Plain
 * buttons, not MUI's ToggleButton: that one is not in the back office's vendor chunk yet.
 */
export function LanguageSwitch({
  value,
  onChange,
}: {
  value: TContentLocale;
  onChange: (locale: TContentLocale) => void;
}) {
  const texts = useContentTexts();
  return (
    <Box
      role="group"
      aria-label={texts.language}
      data-testid="content-language"
      sx={{ display: 'inline-flex', gap: 0.5 }}
    >
      {LANGUAGES.map((locale) => (
        <Button
          key={locale}
          size="small"
          variant={value === locale ? 'contained' : 'outlined'}
          aria-pressed={value === locale}
          lang={locale}
          onClick={() => onChange(locale)}
          data-testid={`content-language-${locale}`}
        >
          {texts.languages[locale]}
        </Button>
      ))}
    </Box>
  );
}
