import { sql } from 'kysely';
import type {
  TStudentBulkUpsertResult,
  TStudentUpsertOutcome,
  TStudentUpsertRow,
} from '@stageplein/contracts/imports/student-import';
import { issueToken } from '@stageplein/kit/mail/single-use-token-mail';
import type { TCtx } from '../shared/request.ts';
import { SCHEMA } from '../database.ts';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TEventInput } from '@stageplein/kit/outbox/outbox-writer';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { mailUserTokens } from '../mail/token-mail.ts';
import { minutesOf } from '../auth/sessions.service.ts';
import { userSnapshot } from '../users/users.service.ts';
import { roleEventData } from '../roles/roles.repository.ts';
import { invitedUserRow } from '../users/invited-user.ts';
import type { TUserRow } from '../users/users.repository.ts';

export interface TBulkInput {
  schoolId: string;
  actorId: string;
  locale: 'nl' | 'en';
  /** The role at the school the rows' users get (default student). */
  role?: 'student' | 'mentor';
  rows: readonly TStudentUpsertRow[];
}

/**
 * Creates or updates the students of one batch of an import (or the mentors its roster names: `role`
 * mentor, whose known accounts keep their own names), each with that role at the school,
 * inviting every user it creates exactly once. Each row is applied once per key: keys seen before answer
 * with their recorded outcome. An email registered with another tenant is reported, not touched.
 * Runs in the request's transaction, so a failed call changes nothing.
 */
export async function bulkUpsertStudents(ctx: TCtx, input: TBulkInput): Promise<TStudentBulkUpsertResult> {
  const db = ctx.db;
  const keys = input.rows.map((r) => r.key);
  const done = new Map(
    keys.length
      ? (
          await db
            .selectFrom('identity.student_import_keys')
            .selectAll()
            .where('key', '=', sql<string>`any(${keys}::text[])`)
            .execute()
        ).map((k) => [k.key, k])
      : [],
  );
  const todo = input.rows.filter((r) => !done.has(r.key));
  const emails = [...new Set(todo.map((r) => r.email.trim().toLowerCase()))];
  const existing = new Map<string, TUserRow>();
  if (emails.length) {
    const rows = await ctx.db
      .selectFrom('identity.users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', sql<string>`any(${emails}::text[])`)
      .execute();
    for (const u of rows) existing.set(u.email.toLowerCase(), u);
  }

  const outcomes = new Map<string, { outcome: TStudentUpsertOutcome; user_id: string | null }>();

  const events: TEventInput<TEventType>[] = [];
  const event = <T extends TEventType>(type: T, userId: string, data: TEventPayload<T>) =>
    events.push({
      type,
      subject: userId,
      tenant: ctx.tenant.id,
      actor: input.actorId,
      data,
    } as TEventInput<TEventType>);

  // Known users of this tenant: names brought up to date (one statement), student role added when missing.
  const known = todo.flatMap((row) => {
    const user = existing.get(row.email.trim().toLowerCase());
    return user ? [{ row, user }] : [];
  });
  const role = input.role ?? 'student';
  const renamed = known.filter(
    ({ row, user }) =>
      role === 'student' &&
      ((user.first_name ?? '') !== row.first_name || (user.last_name ?? '') !== row.last_name),
  );
  const updatedIds = new Set<string>();
  if (renamed.length) {
    const { rows: updated } = await sql<TUserRow>`
      update identity.users u set first_name = v.first_name, last_name = v.last_name, updated_at = ${ctx.now}
      from unnest(${renamed.map((k) => k.user.id)}::uuid[], ${renamed.map((k) => k.row.first_name)}::text[],
        ${renamed.map((k) => k.row.last_name)}::text[]) as v(id, first_name, last_name)
      where u.id = v.id
      returning u.*`.execute(ctx.db);
    for (const user of updated) {
      event('identity.user.updated', user.id, userSnapshot(user));
      updatedIds.add(user.id);
    }
  }
  for (const { row, user } of known) {
    outcomes.set(row.key, { outcome: updatedIds.has(user.id) ? 'updated' : 'unchanged', user_id: user.id });
  }

  // New users: one insert for the batch, invited with a confirmation link of their own.
  const fresh = todo.filter((r) => !existing.has(r.email.trim().toLowerCase()));
  const created: TUserRow[] = [];
  const tokens = new Map(fresh.map((r) => [r.email.trim().toLowerCase(), issueToken()]));
  if (fresh.length) {
    const inserted = await ctx.db
      .insertInto('identity.users')
      .values(
        fresh.map((r) => ({
          ...invitedUserRow({
            tenantId: ctx.tenant.id,
            email: r.email.trim().toLowerCase(),
            firstName: r.first_name,
            lastName: r.last_name,
            locale: input.locale,
            now: ctx.now,
          }),
          confirmation_token_hash: tokens.get(r.email.trim().toLowerCase())!.hash,
          confirmation_sent_at: ctx.now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .execute();
    const byEmail = new Map(inserted.map((u) => [u.email, u]));
    for (const row of fresh) {
      const user = byEmail.get(row.email.trim().toLowerCase());
      // Not inserted and not visible in this tenant: the address belongs to another partner's site.
      if (!user) {
        outcomes.set(row.key, { outcome: 'email_taken_elsewhere', user_id: null });
        continue;
      }
      event('identity.user.created', user.id, userSnapshot(user));
      created.push(user);
      outcomes.set(row.key, { outcome: 'created', user_id: user.id });
    }
  }

  // The role at the school, for everyone who lacks it (one statement for the batch).
  const needRole = [...known.map((k) => k.user.id), ...created.map((u) => u.id)];
  if (needRole.length) {
    const added = await ctx.db
      .insertInto('identity.roles')
      .values(
        needRole.map((userId) => ({
          tenant_id: ctx.tenant.id,
          user_id: userId,
          name: role,
          resource_type: 'School' as const,
          resource_id: input.schoolId,
          created_at: ctx.now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'name', 'resource_id']).doNothing())
      .returningAll()
      .execute();
    const gotRole = new Set<string>();
    for (const r of added) {
      gotRole.add(r.user_id);
      event('identity.role.added', r.user_id, roleEventData(r));
    }
    for (const { row, user } of known) {
      if (gotRole.has(user.id)) outcomes.set(row.key, { outcome: 'updated', user_id: user.id });
    }
  }
  await writeEvents(ctx.db, SCHEMA, events);

  // The invitation, once: only users created here get one (inside this transaction, like every mail).
  const confirmUrl = `${publicUrl(ctx.config, ctx.tenant.id)}/confirm`;
  await mailUserTokens(
    ctx,
    created.map((user) => ({
      kind: 'invitation' as const,
      user,
      actor: input.actorId,
      url: confirmUrl,
      param: 'confirmation_token',
      validMinutes: minutesOf.confirmation(ctx),
      // Stored with the row above, in the batch's one insert.
      token: tokens.get(user.email)!,
    })),
  );

  if (outcomes.size) {
    await db
      .insertInto('identity.student_import_keys')
      .values(
        [...outcomes].map(([key, o]) => ({
          tenant_id: ctx.tenant.id,
          key,
          outcome: o.outcome,
          user_id: o.user_id,
          created_at: ctx.now,
        })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'key']).doNothing())
      .execute();
  }
  return {
    results: input.rows.map((r) => {
      const seen = done.get(r.key);
      if (seen) return { key: r.key, outcome: seen.outcome as TStudentUpsertOutcome, user_id: seen.user_id };
      return { key: r.key, ...outcomes.get(r.key)! };
    }),
  };
}
