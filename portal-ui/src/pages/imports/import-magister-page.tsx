import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import {
  CheckboxField,
  FormAlert,
  SubmitButton,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { useOrganizationLabels } from '../../shell/organization-select.tsx';
import { errorMessage } from '../page-kit.tsx';
import type { TStudentImport } from './import-model.ts';
import { IMPORTS, useImportTexts } from './import-status.tsx';
import { ImportPage } from './import-page.tsx';

const CONNECTION = `${IMPORTS}/magister/connection`;

/** The school's Magister connection as the API shows it (never its secret). */
interface TMagisterConnection {
  id: string;
  baseUrl: string;
  clientId: string;
  hasSecret: boolean;
  nightly: boolean;
}

/**
 * `/importeren/magister`: a school admin connects the selected School's Magister (address, client id,
 * secret; the nightly sync on or off), imports from it now and follows the import as every import is
 * followed (import-status.tsx), with what changed highlighted: new, changed, left the school.
 * docs/decisions/workflows.md. Anyone else gets the 403 screen (the API refuses them too).
 */
export function ImportMagisterPage() {
  useImportTexts();
  const { t } = useTranslation();
  return (
    <ImportPage
      lead={t('portal.imports.magister.intro')}
      testId="import-magister-page"
      changes
      form={(schoolId, onStarted) => <MagisterPanel schoolId={schoolId} onStarted={onStarted} />}
    />
  );
}

function useConnection(schoolId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['magister-connection', schoolId],
    // `data: null` while the school has none.
    queryFn: async () =>
      readResourceDocument<TMagisterConnection>(await api.client.get<TRawDocument>(CONNECTION)).data,
  });
}

const binding = (
  name: string,
  value: string | boolean,
  set: (v: never) => void,
  error?: string,
): TFieldBinding => ({
  name,
  value,
  error,
  onChange: (v) => set(v as never),
  onBlur: () => undefined,
});

function MagisterPanel({ schoolId, onStarted }: { schoolId: string; onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const connection = useConnection(schoolId);
  if (connection.isError) {
    return (
      <FormAlert tone="error" testId="magister-load-error">
        {errorMessage(connection.error, t)}
      </FormAlert>
    );
  }
  if (connection.data === undefined) return <p role="status">{t('shell.loading')}</p>;
  return (
    <div className="import-form">
      <ConnectionForm schoolId={schoolId} current={connection.data} />
      <ImportNow connected={connection.data !== null} onStarted={onStarted} />
    </div>
  );
}

function ConnectionForm({ schoolId, current }: { schoolId: string; current: TMagisterConnection | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const labels = useOrganizationLabels();
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? '');
  const [clientId, setClientId] = useState(current?.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [nightly, setNightly] = useState(current?.nightly ?? true);
  const save = useMutation({
    mutationFn: async () =>
      readResourceDocument<TMagisterConnection>(
        await api.client.put<TRawDocument>(CONNECTION, {
          data: {
            type: 'magister_connection',
            attributes: {
              baseUrl: baseUrl.trim(),
              clientId: clientId.trim(),
              ...(secret ? { clientSecret: secret } : {}),
              nightly,
            },
          },
        }),
      ).data!,
    onSuccess: (saved) => {
      setSecret('');
      queryClient.setQueryData(['magister-connection', schoolId], saved);
    },
  });
  const fieldError = (field: string) =>
    save.error && isApiRequestError(save.error) ? save.error.fieldError(field)?.detail : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  return (
    <form className="card import-form" onSubmit={submit} noValidate data-testid="magister-connection">
      <h2>{t('portal.imports.magister.connectionTitle')}</h2>
      <p>
        {t('portal.imports.school')}: <strong>{labels.get(schoolId)}</strong>
      </p>
      <p className="muted">{t('portal.imports.magister.consent')}</p>
      <TextField
        label={t('portal.imports.magister.baseUrl')}
        hint={t('portal.imports.magister.baseUrlHint')}
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        field={binding('baseUrl', baseUrl, setBaseUrl, fieldError('base_url'))}
      />
      <TextField
        label={t('portal.imports.magister.clientId')}
        required
        autoComplete="off"
        field={binding('clientId', clientId, setClientId, fieldError('client_id'))}
      />
      <TextField
        label={t('portal.imports.magister.clientSecret')}
        hint={
          current?.hasSecret
            ? t('portal.imports.magister.secretKept')
            : t('portal.imports.magister.secretHint')
        }
        required={!current?.hasSecret}
        type="password"
        autoComplete="new-password"
        field={binding('clientSecret', secret, setSecret, fieldError('client_secret'))}
      />
      <CheckboxField
        label={t('portal.imports.magister.nightly')}
        hint={t('portal.imports.magister.nightlyHint')}
        field={binding('nightly', nightly, (v: boolean) => setNightly(v === true))}
      />
      {save.isSuccess && (
        <FormAlert tone="success" testId="magister-saved">
          {t('portal.imports.magister.saved')}
        </FormAlert>
      )}
      {save.error && (
        <FormAlert tone="error" testId="magister-save-error">
          {errorMessage(save.error, t)}
        </FormAlert>
      )}
      <SubmitButton pending={save.isPending} testId="magister-save">
        {t('portal.imports.magister.save')}
      </SubmitButton>
    </form>
  );
}

function ImportNow({ connected, onStarted }: { connected: boolean; onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const start = useMutation({
    mutationFn: async () =>
      readResourceDocument<TStudentImport>(await api.client.post<TRawDocument>(`${IMPORTS}/magister`)).data!,
    onSuccess: (imp) => onStarted(imp.id),
  });
  return (
    <section className="card import-form" aria-labelledby="magister-import-title">
      <h2 id="magister-import-title">{t('portal.imports.magister.importTitle')}</h2>
      <p>{t('portal.imports.magister.importHint')}</p>
      <FormAlert tone="info" title={t('portal.imports.mailNoticeTitle')} testId="import-mail-notice">
        {t('portal.imports.mailNotice')}
      </FormAlert>
      {!connected && <p className="muted">{t('portal.imports.magister.connectFirst')}</p>}
      {start.error && (
        <FormAlert tone="error" testId="magister-import-error">
          {errorMessage(start.error, t)}
        </FormAlert>
      )}
      <button
        type="button"
        className="btn btn--primary btn--block-phone"
        data-testid="magister-import"
        aria-disabled={!connected || start.isPending || undefined}
        onClick={() => connected && !start.isPending && start.mutate()}
      >
        {t('portal.imports.magister.importNow')}
      </button>
    </section>
  );
}
