import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { MAX_FILE_MB } from './import-model.ts';

/**
 * The CSV file an import reads (the student import and the group import): required, its size hint, and
 * the problem with the chosen file beside it.
 */
export function CsvFileField({
  error,
  onChoose,
  inputRef,
}: {
  error: string | undefined;
  onChoose: (file: File | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('portal.imports.file')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t('portal.imports.fileHint', { max: MAX_FILE_MB })}
      </p>
      <input
        ref={inputRef}
        id={id}
        name="file"
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className="field__input field__input--file"
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid="field-error">
          <Icon name="error" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
