import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { FormAlert, SubmitButton, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { LazyRichTextEditor } from '@stageplein/design-system/rich-text/lazy-rich-text-editor.tsx';
import { richTextLabels } from '@stageplein/design-system/rich-text/rich-text-messages.ts';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import { useApi } from '../../api/api-context.ts';
import { reportedErrors, type TErrorReport } from '../../app/error-reporting.ts';
import { useSession } from '../../session/session-context.ts';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { StepFormDemo } from '../dev/step-form-demo.tsx';
import { useManifestRoute } from '../use-manifest-route.ts';
import { Page, useRouteTitle } from '../page-kit.tsx';

/** `/test/datepicker`: the date picker, a period whose end may not lie before its start. */
export function DatepickerTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const form = useForm(
    { start: '', end: '' },
    { start: [rules.required()], end: [rules.notBefore('start')] },
  );
  return (
    <Page title={title} testId="datepicker-test">
      <form className="form card" noValidate onSubmit={(e) => e.preventDefault()}>
        <DateField label={t('gallery:startDate')} field={form.bind('start')} required />
        <DateField label={t('gallery:endDate')} field={form.bind('end')} />
      </form>
      <p role="status" data-testid="datepicker-value">
        {t('gallery:chosen')}: {String(form.values.start || '—')} – {String(form.values.end || '—')}
      </p>
    </Page>
  );
}

/** `/test/step-form`: three steps, each checked before the next. */
export function StepFormTestPage() {
  const title = useRouteTitle();
  return (
    <Page title={title} testId="step-form-test">
      <StepFormDemo />
    </Page>
  );
}

/** `/test/step-form-2`: a step form of dates (end not before start). */
export function StepForm2TestPage() {
  const title = useRouteTitle();
  return (
    <Page title={title} testId="step-form-2-test">
      <StepFormDemo variant="dates" />
    </Page>
  );
}

/** `/test/auth`, `/test/user`, `/test/user-store`: the session store's state as the portal sees it. */
export function SessionTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const session = useSession();
  const facts = currentOrganizationFacts(session);
  const rows: [string, string][] = [
    [t('gallery:session.signedIn'), session.signedIn ? t('gallery:yes') : t('gallery:no')],
    [t('gallery:session.userState'), session.userState],
    [t('gallery:session.user'), session.user ? `${session.user.email} (${session.user.id})` : '—'],
    [
      t('gallery:session.organization'),
      session.currentOrganization
        ? `${session.currentOrganization.name ?? '—'} (${session.currentOrganization.type ?? '—'}, ${facts?.status ?? '—'})`
        : '—',
    ],
    [t('gallery:session.organizations'), String(session.organizations.length)],
    [
      t('gallery:session.permissions'),
      Object.entries(session.permissions)
        .filter(([, on]) => on)
        .map(([name]) => name)
        .join(', ') || '—',
    ],
  ];
  return (
    <Page title={title} testId="session-test">
      <dl className="gallery-facts" data-testid="session-state">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Page>
  );
}

/** `/test/dollar-api`: a call through the portal's API client and its JSON:API answer or error. */
export function DollarApiTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const [path, setPath] = useState('/api/v1/current_user');
  const [result, setResult] = useState<{ ok: boolean; status: number | undefined; body: unknown }>();
  const [pending, setPending] = useState(false);
  const call = async (e: FormEvent) => {
    e.preventDefault();
    // Only our own API: the page is a test bed, not a proxy.
    if (!path.startsWith('/api/')) return;
    setPending(true);
    try {
      const response = await api.client.request(path, { raw: true });
      setResult({ ok: true, status: response.status, body: response.data });
    } catch (error) {
      setResult({
        ok: false,
        status: isApiRequestError(error) ? error.status : undefined,
        body: isApiRequestError(error) ? { errors: error.errors } : String(error),
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Page title={title} testId="dollar-api-test">
      <form className="form card" onSubmit={(e) => void call(e)}>
        <div className="field">
          <label htmlFor="api-path">{t('gallery:apiPath')}</label>
          <input
            id="api-path"
            className="field__input"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            data-testid="api-path"
          />
        </div>
        <div className="form__actions">
          <SubmitButton pending={pending} testId="api-call">
            {t('gallery:apiCall')}
          </SubmitButton>
        </div>
      </form>
      {result && (
        <section aria-labelledby="api-result" className="gallery-section">
          <h2 id="api-result" data-testid="api-status">
            {result.ok ? t('gallery:apiOk') : t('gallery:apiError')} {result.status ?? ''}
          </h2>
          <pre className="gallery-json" tabIndex={0} data-testid="api-result">
            {JSON.stringify(result.body, null, 2)}
          </pre>
        </section>
      )}
    </Page>
  );
}

/**
 * `/test/sentry`: throws an uncaught error; the page's reporter (docs/observability.md) sends it to the
 * gateway (`POST /api/v1/client_errors`) in this page's trace. The trace id is shown to find it there.
 */
export function SentryTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [reports, setReports] = useState<readonly TErrorReport[]>(() => [...reportedErrors()]);
  useEffect(() => {
    const timer = window.setInterval(() => setReports([...reportedErrors()]), 250);
    return () => window.clearInterval(timer);
  }, []);
  const last = reports[reports.length - 1];
  return (
    <Page title={title} lead={t('gallery:sentryLead')} testId="sentry-test">
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="sentry-throw"
          onClick={() => {
            // Thrown outside React's handlers: the window's error handler reports it, as in production.
            window.setTimeout(() => {
              throw new Error('Test: /test/sentry');
            });
          }}
        >
          {t('gallery:sentryThrow')}
        </button>
      </div>
      <p role="status" data-testid="sentry-report">
        {last
          ? t('gallery:sentryReported', { message: last.message, trace: last.trace_id ?? '—' })
          : t('gallery:sentryNone')}
      </p>
    </Page>
  );
}

interface TOrganizationHit {
  id: string;
  attributes?: { name?: string };
}

/** `/test/dupe`: an organization name field that warns about existing organizations with a similar name. */
export function DupeTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const form = useForm({ name: '' }, { name: [rules.required(), rules.minLength(3)] });
  const [similar, setSimilar] = useState<string[] | undefined>();
  const name = typeof form.values.name === 'string' ? form.values.name.trim() : '';
  useEffect(() => {
    if (name.length < 3) {
      setSimilar(undefined);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      api.client
        .get<{ data: TOrganizationHit[] }>(
          `/api/v1/organizations?filter[search]=${encodeURIComponent(name)}&page[size]=5`,
        )
        .then((doc) => live && setSimilar(doc.data.map((o) => o.attributes?.name ?? o.id)))
        .catch(() => live && setSimilar([]));
    }, 300);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, name]);
  return (
    <Page title={title} lead={t('gallery:dupeLead')} testId="dupe-test">
      <form className="form card" noValidate onSubmit={(e) => e.preventDefault()}>
        <TextField label={t('gallery:organizationName')} field={form.bind('name')} required />
        {similar && similar.length > 0 && (
          <FormAlert tone="warning" title={t('gallery:dupeFound')} testId="dupe-warning">
            <ul>
              {similar.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </FormAlert>
        )}
        {similar && similar.length === 0 && (
          <FormAlert tone="success" testId="dupe-none">
            {t('gallery:dupeNone')}
          </FormAlert>
        )}
      </form>
    </Page>
  );
}

const SAMPLE_DOCUMENT: TRichTextDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Stage lopen' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Een ' },
        { type: 'text', text: 'vette', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' en een ' },
        { type: 'text', text: 'schuine', marks: [{ type: 'italic' }] },
        { type: 'text', text: ' tekst met een ' },
        { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: '/over-ons' } }] },
        { type: 'text', text: '.' },
      ],
    },
  ],
};

/** `/test/tiptap`: the rich-text editor and the document it produces. */
export function TiptapTestPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle();
  const [doc, setDoc] = useState<TRichTextDocument>(SAMPLE_DOCUMENT);
  return (
    <Page title={title} testId="tiptap-test">
      <p>{t('gallery:tiptapLead')}</p>
      <LazyRichTextEditor
        value={doc}
        onChange={setDoc}
        label={t('gallery:tiptapLabel')}
        labels={richTextLabels(i18n.resolvedLanguage)}
        testId="tiptap-editor"
      />
      <h2>{t('gallery:tiptapDocument')}</h2>
      <pre className="card" data-testid="tiptap-json" tabIndex={0}>
        {JSON.stringify(doc, null, 2)}
      </pre>
    </Page>
  );
}

/** Test beds of components that do not exist yet: an honest placeholder naming the issue. */
export function NotBuiltTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const route = useManifestRoute();
  const key = route?.path === '/test/stagedoos_fields' ? 'stagedoos' : 'formbuilder';
  return (
    <Page title={title} testId="not-built">
      <FormAlert tone="info" title={t('gallery:notBuilt')}>
        {t(`gallery:notBuiltBody.${key}`)}
      </FormAlert>
    </Page>
  );
}
