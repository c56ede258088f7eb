import type { TContentLocale } from '@stageplein/contracts/content/content';
import { record } from '../../shared/events.ts';
import type { TCtx, TDb } from '../../shared/request.ts';
import type { TChangeActor } from '../../shared/caller.ts';

export async function messagesOf(
  db: TDb,
  locale: TContentLocale,
): Promise<{ messages: Record<string, string>; updatedAt: Date | null }> {
  const rows = await db
    .selectFrom('content.messages')
    .select(['key', 'value', 'updated_at'])
    .where('locale', '=', locale)
    .orderBy('key')
    .execute();
  const messages: Record<string, string> = Object.create(null) as Record<string, string>;
  let updatedAt: Date | null = null;
  for (const row of rows) {
    messages[row.key] = row.value;
    if (!updatedAt || row.updated_at > updatedAt) updatedAt = row.updated_at;
  }
  return { messages: { ...messages }, updatedAt };
}

/**
 * Replaces a language's overrides with `messages`; a key with an empty text is left out, so the
 * bundled text shows again.
 */
export async function replaceMessages(
  ctx: TCtx,
  author: TChangeActor,
  locale: TContentLocale,
  messages: Record<string, string>,
): Promise<void> {
  const rows = Object.entries(messages)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => ({
      tenant_id: ctx.tenant.id,
      locale,
      key,
      value,
      updated_at: ctx.now,
      updated_by: author.userId,
    }));
  await ctx.db.deleteFrom('content.messages').where('locale', '=', locale).execute();
  if (rows.length) await ctx.db.insertInto('content.messages').values(rows).execute();
  await record(
    ctx,
    author,
    'content.messages.updated',
    { type: 'messages', id: locale },
    { locale, keys: rows.map((r) => r.key) },
  );
}
