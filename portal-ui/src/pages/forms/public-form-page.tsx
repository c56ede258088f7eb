import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { CONTACT_FORM_TOKEN, FORM_HONEYPOT_FIELD } from '@stageplein/contracts/forms/forms-api';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { FormRenderer, useRendererTexts } from '../../forms-renderer/form-renderer.tsx';
import { localized } from '../../forms-renderer/answer-model.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { fetchPublicForm, submitPublicForm, uploadFormFile, type TPublicForm } from './form-api.ts';

/** `/forms/{token}` (public, empty layout, spec §2): a published form by its public token. */
export function PublicFormPage() {
  const { token } = useParams();
  const { t } = useRendererTexts();
  if (!token) return <NoToken text={t('public.noToken')} />;
  return <PublicForm token={token} missing={t('public.notFound')} />;
}

function NoToken({ text }: { text: string }) {
  return (
    <Page title={useRouteTitle()} testId="public-form-page">
      <p>{text}</p>
    </Page>
  );
}

/** `/contactformulier` (spec §2): the tenant's seeded contact form. */
export function ContactFormPage() {
  const { t } = useRendererTexts();
  return <PublicForm token={CONTACT_FORM_TOKEN} missing={t('public.contactMissing')} />;
}

function PublicForm({ token, missing }: { token: string; missing: string }) {
  const api = useApi();
  const { t, lang } = useRendererTexts();
  const { t: tc } = useTranslation();
  const form = useQuery({
    queryKey: ['public-form', token],
    queryFn: ({ signal }) => fetchPublicForm(api.client, token, signal),
    // Each visit needs a fresh render token (time-to-submit starts when the form is served).
    staleTime: 0,
    gcTime: 0,
    retry: (count, error) => !(isApiRequestError(error) && error.status === 404) && count < 2,
  });
  // The form's own title once loaded, the route's until then (one hook: one document title).
  const title = useRouteTitle(form.data ? localized(form.data.definition.title, lang) : undefined);
  if (form.isPending)
    return (
      <Page title={title} testId="public-form-page">
        <p role="status">{t('public.loading')}</p>
      </Page>
    );
  if (form.isError)
    return (
      <Page title={title} testId="public-form-page">
        <FormAlert tone={isApiRequestError(form.error) && form.error.status === 404 ? 'info' : 'error'}>
          {isApiRequestError(form.error) && form.error.status === 404
            ? missing
            : errorMessage(form.error, tc)}
        </FormAlert>
      </Page>
    );
  return (
    <Page title={title} testId="public-form-page">
      <PublicFormBody key={form.dataUpdatedAt} form={form.data} onAgain={() => void form.refetch()} />
    </Page>
  );
}

function PublicFormBody({ form, onAgain }: { form: TPublicForm; onAgain: () => void }) {
  const api = useApi();
  const { t, lang } = useRendererTexts();
  const { t: tc } = useTranslation();
  const [honeypot, setHoneypot] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (sent) {
    const confirmation = localized(form.definition.confirmation, lang);
    return (
      <div className="form-thanks" data-testid="form-thanks">
        <FormAlert tone="success" title={t('thanks.title')} testId="form-thanks-message">
          {confirmation || t('thanks.body')}
        </FormAlert>
        <p>
          <button type="button" className="btn btn--neutral" onClick={onAgain}>
            {t('thanks.again')}
          </button>
        </p>
      </div>
    );
  }
  return (
    <FormRenderer
      definition={form.definition}
      upload={async (file, fieldId) => {
        try {
          return await uploadFormFile(api.client, form.token, form.render_token, fieldId, file);
        } catch (e) {
          // The API's refusal in the visitor's language (too large, wrong type, hidden content …).
          throw new Error(errorMessage(e, tc));
        }
      }}
      error={error}
      onSubmit={async (answers) => {
        setError(undefined);
        try {
          await submitPublicForm(api.client, form.token, answers, form.render_token, honeypot);
          setSent(true);
        } catch (e) {
          setError(errorMessage(e, tc));
        }
      }}
    >
      {/* Spam protection without third parties (issue #18): people never see or reach this field. */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor="form-homepage">{t('honeypot')}</label>
        <input
          id="form-homepage"
          name={FORM_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>
    </FormRenderer>
  );
}
