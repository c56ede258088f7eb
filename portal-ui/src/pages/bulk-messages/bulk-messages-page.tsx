import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { maySendBulkMessages } from '@stageplein/contracts/placements/bulk-messages';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  BULK_MESSAGES_NAMESPACE,
  bulkMessagesNl,
  registerBulkMessagesMessages,
} from './bulk-messages-messages.ts';

const MESSAGES = '/api/v1/internships/bulk_messages';
const INTERNSHIP_STATUSES = Object.keys(bulkMessagesNl.internshipStatuses);

interface TInternshipRow {
  id: string;
  title: string;
  status: string;
  organizationName: string | null;
  student?: { firstName: string | null; lastName: string | null } | null;
}
interface TDelivery {
  id: string;
  recipientKind: 'student' | 'contact' | 'supervisor';
  recipientName: string | null;
  email: string;
  status: 'requested' | 'delivered' | 'failed';
  failureReason: string | null;
}
interface TMessage {
  id: string;
  subject: string;
  createdAt: string;
  recipientCount: number;
  deliveryCounts: Record<TDelivery['status'], number>;
  deliveries?: TDelivery[];
}

function useTexts() {
  const { t, i18n } = useTranslation(BULK_MESSAGES_NAMESPACE);
  registerBulkMessagesMessages(i18n);
  return t;
}

interface TFilters {
  status: string;
  search: string;
  period: string;
  group: string;
}
const NO_FILTERS: TFilters = { status: '', search: '', period: '', group: '' };

/** The school's internships as the internships list filters them (status, period, group, search), 100 at a time. */
async function internships(client: TApiClient, filters: TFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ include: 'student', sort: '-created_at', 'page[size]': '100' });
  if (filters.status) params.set('filter[status_eq]', filters.status);
  if (filters.period) params.set('filter[internship_period_id_eq]', filters.period);
  if (filters.group) params.set('filter[group_id]', filters.group);
  if (filters.search.trim()) params.set('filter[search]', filters.search.trim());
  return readCollectionDocument<TInternshipRow>(
    await client.get<TRawDocument>(`/api/v1/internships?${params.toString()}`, { signal }),
  ).data;
}

/** `/internships/bulk_messages`: a school admin writes one message to the people of chosen internships. */
export function BulkMessagesPage() {
  const t = useTexts();
  const session = useSession();
  if (!session.user) return <div className="container page" aria-busy="true" />;
  if (!maySendBulkMessages(session.permissions, currentOrganizationFacts(session)))
    return <StatusErrorScreen status={403} message={t('forbidden')} />;
  return <BulkMessages schoolId={session.currentOrganization!.id} />;
}

function BulkMessages({ schoolId }: { schoolId: string }) {
  const t = useTexts();
  const { t: tc } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const queries = useQueryClient();
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState<string | null>(null);
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const filterForm = useForm({ ...NO_FILTERS }, {});
  const options =
    (path: string) =>
    async ({ signal }: { signal: AbortSignal }) =>
      readCollectionDocument<{ id: string; name: string }>(
        await api.client.get<TRawDocument>(`${path}?page[size]=100`, { signal }),
      ).data.map((o) => ({ value: o.id, label: o.name }));
  const periods = useQuery({
    queryKey: ['bulk-periods', schoolId],
    queryFn: options('/api/v1/internship_periods'),
  });
  const groups = useQuery({ queryKey: ['bulk-groups', schoolId], queryFn: options('/api/v1/groups') });
  // A choice in a select filters at once; the search filters on Enter.
  const select = (name: 'status' | 'period' | 'group') => ({
    ...filterForm.bind(name),
    onChange: (v: unknown) => {
      filterForm.setValue(name, String(v));
      setFilters((f: TFilters) => ({ ...f, [name]: String(v) }));
    },
  });
  const form = useForm(
    { subject: '', body: '', toContacts: false as boolean, toSupervisors: false as boolean },
    { subject: [rules.required(), rules.maxLength(200)], body: [rules.required(), rules.maxLength(10000)] },
  );
  const list = useQuery({
    queryKey: ['bulk-internships', schoolId, filters],
    queryFn: ({ signal }) => internships(api.client, filters, signal),
  });
  const history = useQuery({
    queryKey: ['bulk-messages', schoolId],
    queryFn: async ({ signal }) =>
      readCollectionDocument<TMessage>(
        await api.client.get<TRawDocument>(`${MESSAGES}?page[size]=20`, { signal }),
      ).data,
    // The counts follow identity's reports while a mail is on its way.
    refetchInterval: (q) => (q.state.data?.some((m) => m.deliveryCounts.requested > 0) ? 2000 : false),
  });
  const send = useMutation({
    mutationFn: async (values: {
      subject: string;
      body: string;
      toContacts: boolean;
      toSupervisors: boolean;
    }) =>
      readResourceDocument<TMessage>(
        await api.client.post<TRawDocument>(MESSAGES, {
          data: {
            type: 'bulk_message',
            // Generated once per message: a repeated click or a retried request mails no one twice.
            id: clientId,
            attributes: { ...values, internshipIds: [...selected] },
          },
        }),
      ).data!,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (selected.size === 0) throw new Error(t('noneSelected'));
    const message = await send.mutateAsync({
      subject: String(values.subject).trim(),
      body: String(values.body).trim(),
      toContacts: values.toContacts,
      toSupervisors: values.toSupervisors,
    });
    toast.success(t('sent', { count: message.recipientCount }));
    form.setValues({ subject: '', body: '', toContacts: false, toSupervisors: false });
    setSelected(new Set());
    setClientId(crypto.randomUUID());
    setShown(message.id);
    await queries.invalidateQueries({ queryKey: ['bulk-messages', schoolId] });
  });
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rows = list.data ?? [];
  return (
    <Page title={title} lead={<p>{t('intro')}</p>} testId="bulk-messages-page">
      <section className="card form-card" aria-labelledby="bulk-select">
        <h2 id="bulk-select">{t('select')}</h2>
        <form
          className="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters((f) => ({ ...f, search: String(filterForm.values.search) }));
          }}
        >
          <div className="form__row">
            <TextField label={t('search')} type="search" field={filterForm.bind('search')} />
            <SelectField
              label={t('status')}
              field={select('status')}
              options={[
                { value: '', label: t('allStatuses') },
                ...INTERNSHIP_STATUSES.map((s) => ({ value: s, label: t(`internshipStatuses.${s}`) })),
              ]}
            />
            <SelectField
              label={t('period')}
              field={select('period')}
              options={[{ value: '', label: t('allPeriods') }, ...(periods.data ?? [])]}
            />
            <SelectField
              label={t('group')}
              field={select('group')}
              options={[{ value: '', label: t('allGroups') }, ...(groups.data ?? [])]}
            />
          </div>
        </form>
        {list.isError ? (
          <FormAlert tone="error">{t('loadError')}</FormAlert>
        ) : !list.data ? (
          <p role="status">{t('loading')}</p>
        ) : rows.length === 0 ? (
          <p>{t('noInternships')}</p>
        ) : (
          <>
            <p>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => setSelected(new Set([...selected, ...rows.map((r) => r.id)]))}
              >
                {t('selectAll')}
              </button>{' '}
              <span role="status" data-testid="bulk-selected-count">
                {t('selected', { count: selected.size })}
              </span>
            </p>
            <ul className="bulk-list" data-testid="bulk-internships">
              {rows.map((r) => (
                <InternshipChoice
                  key={r.id}
                  row={r}
                  checked={selected.has(r.id)}
                  onToggle={() => toggle(r.id)}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="card form-card" aria-labelledby="bulk-write">
        <h2 id="bulk-write">{t('write')}</h2>
        <form noValidate onSubmit={onSubmit} className="form" data-testid="bulk-message-form">
          {form.formError !== undefined && (
            <FormAlert tone="error">{errorMessage(form.formError, tc)}</FormAlert>
          )}
          <TextField label={t('subject')} required field={form.bind('subject')} />
          <TextAreaField label={t('body')} hint={t('bodyHint')} required rows={8} field={form.bind('body')} />
          <CheckboxField label={t('toContacts')} field={form.bind('toContacts')} />
          <CheckboxField label={t('toSupervisors')} field={form.bind('toSupervisors')} />
          <SubmitButton pending={form.submitting} testId="bulk-message-send">
            {t('send')}
          </SubmitButton>
        </form>
      </section>
      <section aria-labelledby="bulk-history">
        <h2 id="bulk-history">{t('history')}</h2>
        {history.isError ? (
          <FormAlert tone="error">{t('loadError')}</FormAlert>
        ) : !history.data ? (
          <p role="status">{t('loading')}</p>
        ) : history.data.length === 0 ? (
          <p>{t('noHistory')}</p>
        ) : (
          <ul className="vacancy-list" data-testid="bulk-history">
            {history.data.map((m) => (
              // A grid item may shrink below its table's width: the table scrolls in its own frame.
              <li key={m.id} className="card vacancy-card" data-testid="bulk-message" style={{ minWidth: 0 }}>
                <h3 className="vacancy-card__title">{m.subject}</h3>
                <p>
                  {new Date(m.createdAt).toLocaleString()} · {t('counts', m.deliveryCounts)}
                </p>
                {shown === m.id ? (
                  <Deliveries id={m.id} />
                ) : (
                  <button type="button" className="btn btn--secondary" onClick={() => setShown(m.id)}>
                    {t('show')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

function InternshipChoice({
  row,
  checked,
  onToggle,
}: {
  row: TInternshipRow;
  checked: boolean;
  onToggle: () => void;
}) {
  const t = useTexts();
  const id = useId();
  const student = [row.student?.firstName, row.student?.lastName].filter(Boolean).join(' ');
  return (
    <li className="field field--checkbox" data-testid="bulk-internship">
      <input id={id} type="checkbox" checked={checked} onChange={onToggle} />
      <label htmlFor={id}>
        <strong>{student || row.title}</strong> — {row.title}
        {row.organizationName && <> · {row.organizationName}</>} ·{' '}
        <span className="badge badge--inline">{t(`internshipStatuses.${row.status}`)}</span>
      </label>
    </li>
  );
}

/** One message's recipients and the status of each mail, refreshed while any is on its way. */
function Deliveries({ id }: { id: string }) {
  const t = useTexts();
  const api = useApi();
  const message = useQuery({
    queryKey: ['bulk-message', id],
    queryFn: async ({ signal }) =>
      readResourceDocument<TMessage>(await api.client.get<TRawDocument>(`${MESSAGES}/${id}`, { signal }))
        .data!,
    refetchInterval: (q) => ((q.state.data?.deliveryCounts.requested ?? 1) > 0 ? 2000 : false),
  });
  if (message.isError) return <FormAlert tone="error">{t('loadError')}</FormAlert>;
  if (!message.data) return <p role="status">{t('loading')}</p>;
  return (
    <div className="table-wrap" role="region" aria-label={t('recipients')} tabIndex={0}>
      <table className="table" data-testid="bulk-deliveries">
        <thead>
          <tr>
            <th scope="col">{t('recipient')}</th>
            <th scope="col">{t('kind')}</th>
            <th scope="col">{t('deliveryStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {(message.data.deliveries ?? []).map((d) => (
            <tr key={d.id} data-testid="bulk-delivery">
              <td>
                {d.recipientName ? `${d.recipientName} ` : ''}
                <span className="field__hint">{d.email}</span>
              </td>
              <td>{t(`kinds.${d.recipientKind}`)}</td>
              <td data-testid="bulk-delivery-status">
                {t(`statuses.${d.status}`)}
                {d.failureReason ? ` (${d.failureReason})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
