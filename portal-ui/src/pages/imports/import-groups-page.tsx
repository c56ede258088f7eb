import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { FormAlert, RadioGroup, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { fileProblem, MAX_FILE_MB, uploadForm, type TStudentImport } from './import-model.ts';
import { IMPORTS, useImportTexts } from './import-status.tsx';
import { ImportPage } from './import-page.tsx';
import { CsvFileField } from './csv-file-field.tsx';

type TSource = 'csv' | 'magister';

/** The preview as the API gives it (keys camelCased by the client). */
interface TGroupPreview {
  source: TSource;
  students: number;
  invalid: number;
  groups: { name: string; level: string; students: number; exists: boolean }[];
}

/**
 * `/import_groups`: classes with their students from a CSV or the School's Magister: preview (the
 * classes, their levels and sizes, which are new; nothing written), confirm (the student import with
 * missing groups created: the one way groups come from a roster, docs/decisions/workflows.md),
 * then the import's progress as every import shows it.
 */
export function ImportGroupsPage() {
  useImportTexts();
  const { t } = useTranslation();
  return (
    <ImportPage
      lead={t('portal.imports.groups.intro')}
      testId="import-groups-page"
      changes
      form={(schoolId, onStarted) => <GroupImport schoolId={schoolId} onStarted={onStarted} />}
    />
  );
}

function GroupImport({ schoolId, onStarted }: { schoolId: string; onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [source, setSource] = useState<TSource>('csv');
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const connected = useQuery({
    queryKey: ['magister-connection', schoolId, 'exists'],
    // `data: null` while the school has none.
    queryFn: async () =>
      readResourceDocument(await api.client.get<TRawDocument>(`${IMPORTS}/magister/connection`)).data !==
      null,
  });
  const preview = useMutation({
    mutationFn: async () =>
      readResourceDocument<TGroupPreview>(
        source === 'csv'
          ? await api.client.post<TRawDocument>(`${IMPORTS}/group_preview`, undefined, {
              formData: uploadForm(file!, schoolId, true),
            })
          : await api.client.post<TRawDocument>(`${IMPORTS}/magister/group_preview`),
      ).data!,
  });
  const confirm = useMutation({
    mutationFn: async () =>
      readResourceDocument<TStudentImport>(
        source === 'csv'
          ? await api.client.post<TRawDocument>(IMPORTS, undefined, {
              formData: uploadForm(file!, schoolId, true),
            })
          : await api.client.post<TRawDocument>(`${IMPORTS}/magister`),
      ).data!,
    onSuccess: (imp) => onStarted(imp.id),
  });
  const sourceField: TFieldBinding = {
    name: 'source',
    value: source,
    error: undefined,
    onChange: (v) => {
      setSource(v as TSource);
      preview.reset();
      confirm.reset();
    },
    onBlur: () => undefined,
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview.isPending) return;
    if (source === 'csv') {
      const problem = fileProblem(file);
      setFileError(
        problem === 'required'
          ? t('validation.required')
          : problem === 'size'
            ? t('portal.imports.tooLarge', { max: MAX_FILE_MB })
            : undefined,
      );
      if (problem) return;
    }
    preview.mutate();
  };
  const shown = preview.data;
  return (
    <div className="import-form">
      <form className="card import-form" onSubmit={submit} noValidate data-testid="groups-form">
        <h2>{t('portal.imports.groups.sourceTitle')}</h2>
        <RadioGroup
          legend={t('portal.imports.groups.source')}
          field={sourceField}
          options={[
            { value: 'csv', label: t('portal.imports.groups.fromCsv') },
            ...(connected.data
              ? [{ value: 'magister', label: t('portal.imports.groups.fromMagister') }]
              : []),
          ]}
        />
        {source === 'csv' && (
          <CsvFileField
            error={fileError}
            onChoose={(chosen) => {
              setFile(chosen);
              preview.reset();
            }}
          />
        )}
        {preview.error && (
          <FormAlert tone="error" testId="groups-preview-error">
            {errorMessage(preview.error, t)}
          </FormAlert>
        )}
        <SubmitButton pending={preview.isPending} testId="groups-preview">
          {t('portal.imports.groups.preview')}
        </SubmitButton>
      </form>
      {shown && (
        // Not a landmark of its own: the table's scroll region below carries the title (one region, one name).
        <section className="card import-form" data-testid="groups-preview-result">
          <h2 id="groups-preview-title">{t('portal.imports.groups.previewTitle')}</h2>
          <p>
            {t('portal.imports.groups.summary', {
              groups: shown.groups.length,
              fresh: shown.groups.filter((g) => !g.exists).length,
              students: shown.students,
            })}
            {shown.invalid > 0 && ` ${t('portal.imports.groups.invalid', { count: shown.invalid })}`}
          </p>
          <div className="table-wrap" role="region" aria-labelledby="groups-preview-title" tabIndex={0}>
            <table className="table" data-testid="groups-table">
              <thead>
                <tr>
                  <th scope="col">{t('portal.imports.group')}</th>
                  <th scope="col">{t('portal.imports.groups.level')}</th>
                  <th scope="col">{t('portal.imports.groups.students')}</th>
                  <th scope="col">{t('portal.imports.change')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.groups.map((g) => (
                  <tr key={g.name} data-group={g.name} data-exists={g.exists}>
                    <td>{g.name}</td>
                    <td>{g.level || '—'}</td>
                    <td>{g.students}</td>
                    <td>
                      <span className={`badge ${g.exists ? '' : 'import-badge--completed'}`}>
                        {t(g.exists ? 'portal.imports.groups.exists' : 'portal.imports.changes.created')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <FormAlert tone="info" title={t('portal.imports.mailNoticeTitle')}>
            {t('portal.imports.mailNotice')}
          </FormAlert>
          {confirm.error && (
            <FormAlert tone="error" testId="groups-confirm-error">
              {errorMessage(confirm.error, t)}
            </FormAlert>
          )}
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            data-testid="groups-confirm"
            aria-disabled={confirm.isPending || undefined}
            onClick={() => !confirm.isPending && confirm.mutate()}
          >
            {t('portal.imports.groups.confirm')}
          </button>
        </section>
      )}
    </div>
  );
}
