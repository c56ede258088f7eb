import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { ApiRequestError } from '@stageplein/contracts/client/api-client';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPE_NAMES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
  attachmentRefusal,
  MESSAGE_MAX_LENGTH,
  type TParticipantRole,
} from '@stageplein/contracts/notifications/conversations';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { UNREAD_KEY } from '../notifications/notifications-api.ts';
import { useConversationTexts } from './conversation-texts.ts';
import {
  CONVERSATIONS_KEY,
  downloadAttachment,
  fetchConversation,
  fetchConversations,
  fetchMessages,
  fetchOptions,
  FIRST_POLL_MS,
  markConversationRead,
  openConversation,
  sendMessage,
  type TConversation,
  type TMessage,
} from './conversations-api.ts';
import './conversations.css';

const pollEvery = (seconds: number | undefined) => (seconds ? seconds * 1000 : FIRST_POLL_MS);

/**
 * `/conversations` (issue #35 item 5): the person's conversations — a thread per internship with its
 * parties, direct ones with people who share an internship — and, with `?id=`, one of them: its messages,
 * attachments, who has read what, and a form to write (with files; an internal note for the school's
 * staff). Phone first: the list or the open conversation; side by side on a wide screen. New messages
 * come without a reload: the list and the open conversation are asked again every `poll_seconds`, the
 * browser revalidating with their ETags (docs/decisions/conversations.md "Live").
 */
export function ConversationsPage() {
  useConversationTexts();
  const { t } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const userId = useSession().user?.id;
  const [params] = useSearchParams();
  const openId = params.get('id');
  const list = useQuery({
    queryKey: [...CONVERSATIONS_KEY, 'list', userId],
    queryFn: ({ signal }) => fetchConversations(api.client, signal),
    enabled: !!userId,
    staleTime: 0,
    refetchInterval: (query) => pollEvery(query.state.data?.pollSeconds),
    placeholderData: (previous) => previous,
  });

  return (
    <Page title={title} lead={t('portal.conversations.intro')} testId="conversations-page">
      <div className={`conversations${openId ? ' conversations--open' : ''}`}>
        <section className="conversations__list" aria-labelledby="conversations-list-title">
          <h2 id="conversations-list-title" className="conversations__heading">
            {t('portal.conversations.list')}
          </h2>
          <StartConversation />
          {list.error ? (
            <FormAlert tone="error">{t('portal.conversations.failed')}</FormAlert>
          ) : !list.data ? (
            <p role="status">{t('shell.loading')}</p>
          ) : list.data.items.length === 0 ? (
            <p data-testid="conversations-empty">{t('portal.conversations.empty')}</p>
          ) : (
            <ul className="conversation-list" data-testid="conversation-list">
              {list.data.items.map((c) => (
                <ConversationItem key={c.id} conversation={c} current={c.id === openId} />
              ))}
            </ul>
          )}
        </section>
        {openId && <Thread key={openId} id={openId} />}
      </div>
    </Page>
  );
}

function ConversationItem({ conversation: c, current }: { conversation: TConversation; current: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className={`conversation-list__item${c.unread > 0 ? ' conversation-list__item--unread' : ''}`}
      data-testid="conversation"
      data-id={c.id}
      data-unread={c.unread}
    >
      <Link
        to={`/conversations?id=${encodeURIComponent(c.id)}`}
        className="conversation-list__link"
        aria-current={current ? 'page' : undefined}
      >
        <span className="conversation-list__title">{c.title}</span>
        {c.unread > 0 && (
          <span className="badge badge--inline">{t('portal.conversations.unread', { count: c.unread })}</span>
        )}
        {c.last_message_excerpt && (
          <span className="conversation-list__excerpt" data-testid="conversation-excerpt">
            {c.last_message_internal && (
              <strong className="conversation-list__internal">{t('portal.conversations.internal')}: </strong>
            )}
            {c.last_message_excerpt}
          </span>
        )}
        {c.last_message_at && (
          <time className="conversation-list__time" dateTime={c.last_message_at}>
            {formatWhen(c.last_message_at, i18n.language)}
          </time>
        )}
      </Link>
    </li>
  );
}

const formatWhen = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Opening a conversation: one of the person's internships, or someone who shares one with them. */
function StartConversation() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const options = useQuery({
    queryKey: [...CONVERSATIONS_KEY, 'options'],
    queryFn: ({ signal }) => fetchOptions(api.client, signal),
    enabled: open,
  });
  const start = useMutation({
    mutationFn: async () => {
      const option = options.data?.find((o) => o.id === (choice || options.data?.[0]?.id));
      if (!option) throw new Error('no option');
      return openConversation(
        api.client,
        option.internship_id ? { internship_id: option.internship_id } : { user_id: option.user_id! },
      );
    },
    onSuccess: async (id) => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] });
      void navigate(`/conversations?id=${encodeURIComponent(id)}`);
    },
  });
  const roleOf = (roles: readonly TParticipantRole[]) =>
    roles.map((r) => t(`portal.conversations.roles.${r}`)).join(', ');
  return (
    <details className="conversations__start" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn btn--secondary btn--block-phone" data-testid="conversation-start">
        {t('portal.conversations.startTitle')}
      </summary>
      {options.data && options.data.length === 0 && <p>{t('portal.conversations.noOptions')}</p>}
      {options.data && options.data.length > 0 && (
        <form
          className="conversations__start-form"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              {t('portal.conversations.startWith')}
            </label>
            <select
              id={selectId}
              className="field__input"
              value={choice || options.data[0]!.id}
              onChange={(e) => setChoice(e.target.value)}
              data-testid="conversation-option"
            >
              {options.data.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.kind === 'internship'
                    ? t('portal.conversations.startInternship', {
                        label: [o.label, o.detail].filter(Boolean).join(' · '),
                      })
                    : t('portal.conversations.startPerson', { label: o.label, role: roleOf(o.roles) })}
                </option>
              ))}
            </select>
          </div>
          {start.error && <FormAlert tone="error">{errorMessage(start.error, t)}</FormAlert>}
          <button type="submit" className="btn btn--primary btn--block-phone" disabled={start.isPending}>
            {t('portal.conversations.start')}
          </button>
        </form>
      )}
    </details>
  );
}

/** One conversation: its participants, its messages (polled), read state, and the form to write. */
function Thread({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const userId = useSession().user?.id;
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: [...CONVERSATIONS_KEY, 'one', id],
    queryFn: ({ signal }) => fetchConversation(api.client, id, signal),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
    // As often as the messages (their answer says how often): the read state of the others comes with it.
    refetchInterval: (query) =>
      query.state.error
        ? false
        : pollEvery(
            queryClient.getQueryData<{ pollSeconds?: number }>([...CONVERSATIONS_KEY, 'messages', id])
              ?.pollSeconds,
          ),
  });
  const messages = useQuery({
    queryKey: [...CONVERSATIONS_KEY, 'messages', id],
    queryFn: ({ signal }) => fetchMessages(api.client, id, signal),
    enabled: !!conversation.data,
    staleTime: 0,
    refetchInterval: (query) => pollEvery(query.state.data?.pollSeconds),
  });
  // What the person sees is read: each newest message marks the conversation read (and its notifications).
  const newest = messages.data?.items.at(-1)?.id;
  useEffect(() => {
    if (!newest) return;
    void markConversationRead(api.client, id).then(() =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'one', id] }),
        queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
      ]),
    );
  }, [newest, id, api, queryClient]);
  // A new message scrolls into view (the log is read out politely by screen readers).
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);

  if (conversation.error)
    return (
      <section className="conversations__thread" data-testid="conversation-thread">
        <BackLink />
        <FormAlert tone="error">
          {conversation.error instanceof ApiRequestError && conversation.error.status === 404
            ? t('portal.conversations.notFound')
            : t('portal.conversations.failed')}
        </FormAlert>
      </section>
    );
  if (!conversation.data) return <p role="status">{t('shell.loading')}</p>;
  const c = conversation.data;
  const others = c.participants.filter((p) => p.id !== userId);
  const items = messages.data?.items ?? [];
  const lastOwn = [...items].reverse().find((m) => m.author_id === userId);
  const readers = lastOwn
    ? others.filter((p) => p.last_read_at && p.last_read_at >= lastOwn.created_at && p.name)
    : [];

  return (
    <section
      className="conversations__thread"
      aria-labelledby="conversation-title"
      data-testid="conversation-thread"
      data-id={c.id}
    >
      <BackLink />
      <h2 id="conversation-title" className="conversations__heading">
        {c.title}
      </h2>
      <p className="conversation__participants" data-testid="conversation-participants">
        {c.kind === 'direct' ? (
          t('portal.conversations.direct', { name: others.find((p) => p.name)?.name ?? '' })
        ) : (
          <>
            <span className="visually-hidden">{t('portal.conversations.participants')}: </span>
            {others
              .filter((p) => p.name)
              .map(
                (p) => `${p.name} (${p.roles.map((r) => t(`portal.conversations.roles.${r}`)).join(', ')})`,
              )
              .join(' · ')}
          </>
        )}
      </p>
      {/* Focusable: it scrolls, and a keyboard must reach what is above (axe scrollable-region-focusable). */}
      <div
        role="log"
        aria-label={t('portal.conversations.messages')}
        className="conversation__log"
        tabIndex={0}
      >
        {messages.data && items.length === 0 && <p>{t('portal.conversations.noMessages')}</p>}
        <ol className="conversation__messages" data-testid="messages">
          {items.map((m) => (
            <MessageItem key={m.id} message={m} mine={m.author_id === userId} lang={i18n.language} />
          ))}
        </ol>
        {readers.length > 0 && (
          <p className="conversation__read" data-testid="conversation-read-by">
            {t('portal.conversations.readBy', { names: readers.map((p) => p.name).join(', ') })}
          </p>
        )}
        <div ref={end} />
      </div>
      <Compose conversation={c} />
    </section>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/conversations" className="conversations__back">
      ← {t('portal.conversations.back')}
    </Link>
  );
}

function MessageItem({ message: m, mine, lang }: { message: TMessage; mine: boolean; lang: string }) {
  const { t } = useTranslation();
  const api = useApi();
  return (
    <li
      className={`message${mine ? ' message--mine' : ''}${m.internal ? ' message--internal' : ''}`}
      data-testid="message"
      data-internal={m.internal}
    >
      <p className="message__meta">
        <span className="message__author">{mine ? t('portal.conversations.you') : m.author_name}</span>{' '}
        <time dateTime={m.created_at}>{formatWhen(m.created_at, lang)}</time>
        {m.internal && (
          <span className="badge badge--inline message__internal">{t('portal.conversations.internal')}</span>
        )}
      </p>
      <p className="message__body">{m.body}</p>
      {m.attachments.length > 0 && (
        <ul className="message__attachments">
          {m.attachments.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="btn btn--neutral btn--sm"
                onClick={() => void downloadAttachment(api.client, a.url, a.file_name)}
                data-testid="attachment"
              >
                <span className="message__download">{t('portal.conversations.download')}</span>
                <span className="message__file">
                  {' '}
                  {a.file_name} ({Math.max(1, Math.round(a.size / 1024))} kB)
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The form to write: text, files, and for the school's staff the internal-note switch. */
function Compose({ conversation: c }: { conversation: TConversation }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = {
    body: useId(),
    files: useId(),
    filesHint: useId(),
    filesError: useId(),
    internal: useId(),
    internalHint: useId(),
  };
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  /** Why the chosen files are not sent: the server's message for the same refusal, told before uploading. */
  const [refused, setRefused] = useState<string>();
  const files = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: () =>
      sendMessage(api.client, c.id, { body, internal, files: [...(files.current?.files ?? [])] }),
    onSuccess: async () => {
      setBody('');
      setInternal(false);
      if (files.current) files.current.value = '';
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'messages', c.id] }),
        queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] }),
      ]);
    },
  });
  /** The contract's limits, checked as the files are chosen: a refused choice is emptied, so nothing is uploaded. */
  const choose = (chosen: readonly File[]) => {
    const refusal =
      chosen.length > ATTACHMENTS_PER_MESSAGE
        ? t('portal.conversations.tooManyFiles', { max_files: ATTACHMENTS_PER_MESSAGE })
        : chosen
            .map(attachmentRefusal)
            .map((r) => r && t(`api.${r.code}.detail`, 'vars' in r ? r.vars : {}))
            .find(Boolean);
    setRefused(refusal);
    if (refusal) {
      send.reset();
      if (files.current) files.current.value = '';
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim()) send.mutate();
  };
  return (
    <form className="conversation__compose" onSubmit={submit} data-testid="conversation-compose">
      {send.error && <FormAlert tone="error">{errorMessage(send.error, t)}</FormAlert>}
      <div className="field">
        <label htmlFor={ids.body} className="field__label">
          {t('portal.conversations.message')}
        </label>
        <textarea
          id={ids.body}
          className="field__input field__input--multiline"
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          required
          value={body}
          onChange={(e) => setBody(e.target.value)}
          data-testid="message-body"
        />
      </div>
      <div className="field">
        <label htmlFor={ids.files} className="field__label">
          {t('portal.conversations.attachments')}
        </label>
        <p id={ids.filesHint} className="field__hint" data-testid="message-files-hint">
          {t('portal.conversations.attachmentsHint', {
            types: ATTACHMENT_TYPES.map((type) => ATTACHMENT_TYPE_NAMES[type]).join(', '),
            max_files: ATTACHMENTS_PER_MESSAGE,
            max_mb: ATTACHMENT_MAX_BYTES / 1024 / 1024,
          })}
        </p>
        <input
          id={ids.files}
          ref={files}
          type="file"
          multiple
          accept={ATTACHMENT_TYPES.join(',')}
          className="field__input"
          aria-describedby={refused ? `${ids.filesHint} ${ids.filesError}` : ids.filesHint}
          aria-invalid={refused ? true : undefined}
          onChange={(e) => choose([...(e.target.files ?? [])])}
          data-testid="message-files"
        />
        {refused && (
          <p id={ids.filesError} className="field__error" role="alert" data-testid="message-files-error">
            {refused}
          </p>
        )}
      </div>
      {c.may_write_internal && (
        <div className="field field--checkbox">
          <input
            id={ids.internal}
            type="checkbox"
            checked={internal}
            onChange={(e) => setInternal(e.target.checked)}
            aria-describedby={ids.internalHint}
            data-testid="message-internal"
          />
          <div>
            <label htmlFor={ids.internal} className="field__label">
              {t('portal.conversations.internal')}
            </label>
            <p id={ids.internalHint} className="field__hint">
              {t('portal.conversations.internalHint')}
            </p>
          </div>
        </div>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block-phone"
        disabled={send.isPending}
        data-testid="message-send"
      >
        {t('portal.conversations.send')}
      </button>
    </form>
  );
}
