import { useId, useState } from 'react';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
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
import { useSettledValue } from '../use-settled-value.ts';
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
interface TStudentRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  groupName: string | null;
}
interface TCounts {
  recipientCount: number;
  internshipCount: number;
  studentCount: number;
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

interface TValues {
  subject: string;
  body: string;
  toContacts: boolean;
  toSupervisors: boolean;
}

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
  const [selects, setSelects] = useState<Omit<TFilters, 'search'>>(NO_FILTERS);
  // What is chosen, with what was shown of it: a choice outside the current search stays listed.
  const [selected, setSelected] = useState<ReadonlyMap<string, TInternshipRow>>(new Map());
  const [students, setStudents] = useState<ReadonlyMap<string, TStudentRow>>(new Map());
  const [confirm, setConfirm] = useState<{ values: TValues; counts: TCounts } | null>(null);
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
  // A choice in a select filters at once; the search as the admin types (once they pause). Until the
  // list answers what is typed it is marked busy and "choose all shown" waits: a message once went to
  // the whole unfiltered list because the search filtered only on Enter (issue #30).
  const select = (name: 'status' | 'period' | 'group') => ({
    ...filterForm.bind(name),
    onChange: (v: unknown) => {
      filterForm.setValue(name, String(v));
      setSelects((f) => ({ ...f, [name]: String(v) }));
    },
  });
  const typed = String(filterForm.values.search).trim();
  const search = useSettledValue(typed);
  const filters: TFilters = { ...selects, search };
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
  const selection = (values: Pick<TValues, 'toContacts' | 'toSupervisors'>) => ({
    internshipIds: [...selected.keys()],
    studentIds: [...students.keys()],
    toContacts: values.toContacts,
    toSupervisors: values.toSupervisors,
  });
  const send = useMutation({
    mutationFn: async (values: TValues) =>
      readResourceDocument<TMessage>(
        await api.client.post<TRawDocument>(MESSAGES, {
          data: {
            type: 'bulk_message',
            // Generated once per message: a repeated click or a retried request mails no one twice.
            id: clientId,
            attributes: { subject: values.subject, body: values.body, ...selection(values) },
          },
        }),
      ).data!,
  });
  // First the count: the confirmation names how many people the message reaches (the server's count,
  // one per address, contacts and supervisors included when asked).
  const onSubmit = form.handleSubmit(async (raw) => {
    if (selected.size + students.size === 0) throw new Error(t('noneSelected'));
    const values: TValues = {
      subject: String(raw.subject).trim(),
      body: String(raw.body).trim(),
      toContacts: raw.toContacts,
      toSupervisors: raw.toSupervisors,
    };
    const counts = readResourceDocument<TCounts>(
      await api.client.post<TRawDocument>(`${MESSAGES}/recipients`, {
        data: { type: 'bulk_message_recipients', attributes: selection(values) },
      }),
    ).data!;
    setConfirm({ values, counts });
  });
  const onConfirm = async () => {
    if (!confirm || send.isPending) return;
    const message = await send.mutateAsync(confirm.values).catch(() => null);
    if (!message) return;
    setConfirm(null);
    toast.success(t('sent', { count: message.recipientCount }));
    form.setValues({ subject: '', body: '', toContacts: false, toSupervisors: false });
    setSelected(new Map());
    setStudents(new Map());
    setClientId(crypto.randomUUID());
    setShown(message.id);
    await queries.invalidateQueries({ queryKey: ['bulk-messages', schoolId] });
  };
  const toggle = (row: TInternshipRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const rows = list.data ?? [];
  const shownIds = new Set(rows.map((r) => r.id));
  const outside = [...selected.values()].filter((r) => !shownIds.has(r.id));
  const stale = typed !== search || list.isFetching;
  return (
    <Page title={title} lead={<p>{t('intro')}</p>} testId="bulk-messages-page">
      <section className="card form-card" aria-labelledby="bulk-select">
        <h2 id="bulk-select">{t('select')}</h2>
        <form className="form" role="search" onSubmit={(e) => e.preventDefault()}>
          <div className="form__row">
            <TextField
              label={t('search')}
              hint={t('searchHint')}
              type="search"
              field={filterForm.bind('search')}
            />
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
        <p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={stale || rows.length === 0}
            data-testid="bulk-select-all"
            onClick={() => setSelected(new Map([...selected, ...rows.map((r) => [r.id, r] as const)]))}
          >
            {t('selectAll')}
          </button>{' '}
          <span role="status" data-testid="bulk-selected-count">
            {stale ? t('searching') : t('selected', { count: selected.size })}
          </span>
        </p>
        {list.isError ? (
          <FormAlert tone="error">{t('loadError')}</FormAlert>
        ) : !list.data ? (
          <p role="status">{t('loading')}</p>
        ) : rows.length === 0 ? (
          <p>{t('noInternships')}</p>
        ) : (
          <ul className="bulk-list" data-testid="bulk-internships" aria-busy={stale} style={LIST}>
            {rows.map((r) => (
              <Choice
                key={r.id}
                label={internshipLabel(r, t)}
                checked={selected.has(r.id)}
                onToggle={() => toggle(r)}
                testId="bulk-internship"
              />
            ))}
          </ul>
        )}
        {outside.length > 0 && (
          <>
            <h3>{t('alsoChosen')}</h3>
            <ul className="bulk-list" data-testid="bulk-also-chosen" style={LIST}>
              {outside.map((r) => (
                <Choice
                  key={r.id}
                  label={internshipLabel(r, t)}
                  checked
                  onToggle={() => toggle(r)}
                  testId="bulk-also-chosen-internship"
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <StudentsWithoutInternship chosen={students} onChange={setStudents} />
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
      <Modal
        open={confirm !== null}
        title={t('confirmTitle')}
        closeLabel={t('cancel')}
        onClose={() => setConfirm(null)}
        testId="bulk-confirm"
      >
        {confirm && (
          <>
            <p data-testid="bulk-confirm-count">
              <strong>{t('confirmText', { count: confirm.counts.recipientCount })}</strong>
            </p>
            <p>
              {t('confirmDetail', {
                internships: t('confirmInternships', { count: confirm.counts.internshipCount }),
                students: t('confirmStudents', { count: confirm.counts.studentCount }),
              })}
            </p>
            {send.error && <FormAlert tone="error">{errorMessage(send.error, tc)}</FormAlert>}
            <p>
              <button
                type="button"
                className="btn btn--primary"
                disabled={send.isPending}
                data-testid="bulk-confirm-send"
                onClick={() => void onConfirm()}
              >
                {t('confirmSend')}
              </button>{' '}
              <button type="button" className="btn btn--secondary" onClick={() => setConfirm(null)}>
                {t('cancel')}
              </button>
            </p>
          </>
        )}
      </Modal>
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

const LIST = { listStyle: 'none', padding: 0 } as const;

type TT = ReturnType<typeof useTexts>;
const fullName = (p: { firstName: string | null; lastName: string | null } | null | undefined) =>
  [p?.firstName, p?.lastName].filter(Boolean).join(' ');

function internshipLabel(row: TInternshipRow, t: TT): string {
  return [
    `${fullName(row.student) || row.title} — ${row.title}`,
    row.organizationName,
    t(`internshipStatuses.${row.status}`),
  ]
    .filter(Boolean)
    .join(' · ');
}

function Choice({
  label,
  checked,
  onToggle,
  testId,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
  testId: string;
}) {
  const id = useId();
  return (
    <li className="field field--checkbox" data-testid={testId}>
      <input id={id} type="checkbox" checked={checked} onChange={onToggle} />
      <label htmlFor={id}>{label}</label>
    </li>
  );
}

/**
 * Students of the school without an internship yet, by group, level and period (the ones who most need
 * a message): the server decides who has one (contracts' `internshipStatusesThatCount`).
 */
function StudentsWithoutInternship({
  chosen,
  onChange,
}: {
  chosen: ReadonlyMap<string, TStudentRow>;
  onChange: (chosen: ReadonlyMap<string, TStudentRow>) => void;
}) {
  const t = useTexts();
  const api = useApi();
  const [filter, setFilter] = useState({ group: '', level: '', period: '' });
  const options = useQuery({
    queryKey: ['bulk-student-options'],
    queryFn: async ({ signal }) =>
      readResourceDocument<{
        groups: { id: string; name: string }[];
        levels: { id: string; name: string }[];
        internshipPeriods: { id: string; name: string }[];
      }>(await api.client.get<TRawDocument>('/api/v1/internship_assignments/options', { signal })).data!,
  });
  const list = useQuery({
    queryKey: ['bulk-students', filter],
    queryFn: async ({ signal }) =>
      readCollectionDocument<TStudentRow>(
        await api.client.get<TRawDocument>(`${MESSAGES}/students`, {
          query: {
            ...(filter.group ? { 'filter[group_id_in]': filter.group } : {}),
            ...(filter.level ? { 'filter[level_id_in]': filter.level } : {}),
            ...(filter.period ? { 'filter[internship_period_id_eq]': filter.period } : {}),
          },
          signal,
        }),
      ).data,
  });
  const field = (name: keyof typeof filter) => ({
    name,
    value: filter[name],
    error: undefined,
    onChange: (v: unknown) => setFilter((f) => ({ ...f, [name]: String(v) })),
    onBlur: () => undefined,
  });
  const choices = (items: { id: string; name: string }[] | undefined, all: string) => [
    { value: '', label: all },
    ...(items ?? []).map((o) => ({ value: o.id, label: o.name })),
  ];
  const rows = list.data ?? [];
  const toggle = (row: TStudentRow) => {
    const next = new Map(chosen);
    if (next.has(row.id)) next.delete(row.id);
    else next.set(row.id, row);
    onChange(next);
  };
  const shown = new Set(rows.map((r) => r.id));
  const outside = [...chosen.values()].filter((r) => !shown.has(r.id));
  const label = (r: TStudentRow) => [fullName(r) || r.email, r.groupName].filter(Boolean).join(' · ');
  return (
    <section className="card form-card" aria-labelledby="bulk-students" data-testid="bulk-students-section">
      <h2 id="bulk-students">{t('students')}</h2>
      <p>{t('studentsIntro')}</p>
      <div className="form__row">
        <SelectField
          label={t('group')}
          field={field('group')}
          options={choices(options.data?.groups, t('allGroups'))}
        />
        <SelectField
          label={t('level')}
          field={field('level')}
          options={choices(options.data?.levels, t('allLevels'))}
        />
        <SelectField
          label={t('period')}
          field={field('period')}
          options={choices(options.data?.internshipPeriods, t('allPeriods'))}
        />
      </div>
      <p>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={list.isFetching || rows.length === 0}
          data-testid="bulk-select-all-students"
          onClick={() => onChange(new Map([...chosen, ...rows.map((r) => [r.id, r] as const)]))}
        >
          {t('selectAllStudents')}
        </button>{' '}
        <span role="status" data-testid="bulk-students-count">
          {t('studentsSelected', { count: chosen.size })}
        </span>
      </p>
      {list.isError ? (
        <FormAlert tone="error">{t('loadError')}</FormAlert>
      ) : !list.data ? (
        <p role="status">{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('noStudents')}</p>
      ) : (
        <ul className="bulk-list" data-testid="bulk-students" aria-busy={list.isFetching} style={LIST}>
          {rows.map((r) => (
            <Choice
              key={r.id}
              label={label(r)}
              checked={chosen.has(r.id)}
              onToggle={() => toggle(r)}
              testId="bulk-student"
            />
          ))}
        </ul>
      )}
      {outside.length > 0 && (
        <>
          <h3>{t('alsoChosen')}</h3>
          <ul className="bulk-list" style={LIST}>
            {outside.map((r) => (
              <Choice
                key={r.id}
                label={label(r)}
                checked
                onToggle={() => toggle(r)}
                testId="bulk-also-chosen-student"
              />
            ))}
          </ul>
        </>
      )}
    </section>
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
