import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { useApi } from '../../api/api-context.ts';
import { CheckboxField, FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { useOrganizationLabels } from '../../shell/organization-select.tsx';
import { errorMessage } from '../page-kit.tsx';
import { fileProblem, MAX_FILE_MB, uploadForm, type TStudentImport } from './import-model.ts';
import { IMPORTS, useImportTexts } from './import-status.tsx';
import { ImportPage } from './import-page.tsx';
import { CsvFileField } from './csv-file-field.tsx';

/**
 * `/importeren/csv`: a school admin uploads a CSV of students for the selected School (spec §2),
 * then follows the import (a Temporal workflow): status, counts and progress, polled until it has
 * finished; the rows the import refused with their localized messages; the full report as a
 * download; cancel while it runs. Anyone else gets the 403 screen (the API refuses them too).
 */

export function ImportCsvPage() {
  useImportTexts();
  const { t } = useTranslation();
  return (
    <ImportPage
      lead={t('portal.imports.intro')}
      testId="import-csv-page"
      form={(schoolId, onStarted) => <UploadForm schoolId={schoolId} onStarted={onStarted} />}
    />
  );
}

function UploadForm({ schoolId, onStarted }: { schoolId: string; onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const labels = useOrganizationLabels();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [createMissing, setCreateMissing] = useState(false);
  const upload = useMutation({
    mutationFn: async (chosen: File) =>
      readResourceDocument<TStudentImport>(
        await api.client.post<TRawDocument>(IMPORTS, undefined, {
          formData: uploadForm(chosen, schoolId, createMissing),
        }),
      ).data!,
    onSuccess: (imp) => onStarted(imp.id),
  });

  const check = (chosen: File | undefined): boolean => {
    const problem = fileProblem(chosen);
    setFileError(
      problem === 'required'
        ? t('validation.required')
        : problem === 'size'
          ? t('portal.imports.tooLarge', { max: MAX_FILE_MB })
          : undefined,
    );
    return !problem;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!check(file)) {
      input.current?.focus();
      return;
    }
    upload.mutate(file!);
  };

  const createMissingField: TFieldBinding = {
    name: 'createMissingGroups',
    value: createMissing,
    error: undefined,
    onChange: (value) => setCreateMissing(value === true),
    onBlur: () => undefined,
  };
  // The server's word on the file itself (type, size, contents) shows under the file field.
  const serverFileError =
    upload.error && 'fieldError' in upload.error
      ? (upload.error as { fieldError(f: string): { detail?: string } | undefined }).fieldError('file')
          ?.detail
      : undefined;
  const shownFileError = fileError ?? serverFileError;

  return (
    <form className="card import-form" onSubmit={submit} noValidate data-testid="import-form">
      <h2>{t('portal.imports.uploadTitle')}</h2>
      <p>
        {t('portal.imports.school')}: <strong data-testid="import-school">{labels.get(schoolId)}</strong>
      </p>
      <CsvFileField
        error={shownFileError}
        inputRef={input}
        onChoose={(chosen) => {
          setFile(chosen);
          upload.reset();
          if (fileError) check(chosen);
        }}
      />
      <CheckboxField
        label={t('portal.imports.createMissing')}
        hint={t('portal.imports.createMissingHint')}
        field={createMissingField}
      />
      {/* Say what will happen before it does: the import invites every new student at once. */}
      <FormAlert tone="info" title={t('portal.imports.mailNoticeTitle')} testId="import-mail-notice">
        {t('portal.imports.mailNotice')}
      </FormAlert>
      {upload.error && !serverFileError && (
        <FormAlert tone="error" title={t('portal.imports.uploadFailed')} testId="import-upload-error">
          {errorMessage(upload.error, t)}
        </FormAlert>
      )}
      <SubmitButton pending={upload.isPending} testId="import-submit">
        {t('portal.imports.submit')}
      </SubmitButton>
    </form>
  );
}
