import { emit } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { nameTaken } from '../shared/school.ts';
import { deleteTag, insertTag, updateTag, type TTagRow } from './tags.repository.ts';

const payload = (l: TTagRow) => ({ tag_id: l.id, school_id: l.school_id, name: l.name });

export async function createTag(ctx: TCtx, actor: string, input: { school_id: string; name: string }) {
  const tag = await insertTag(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: input.school_id,
    name: input.name,
    created_at: ctx.now,
    updated_at: ctx.now,
  }).catch((e: unknown) => Promise.reject(nameTaken(e)));
  await emit(ctx.db, ctx.tenant.id, actor, 'organizations.tag.created', tag.id, payload(tag));
  return tag;
}

export async function changeTag(ctx: TCtx, actor: string, tag: TTagRow, input: { name?: string }) {
  const updated = await updateTag(ctx.db, tag.id, { ...input, updated_at: ctx.now }).catch((e: unknown) =>
    Promise.reject(nameTaken(e)),
  );
  await emit(ctx.db, ctx.tenant.id, actor, 'organizations.tag.updated', tag.id, payload(updated));
  return updated;
}

export async function removeTag(ctx: TCtx, actor: string, tag: TTagRow) {
  await deleteTag(ctx.db, tag.id);
  await emit(ctx.db, ctx.tenant.id, actor, 'organizations.tag.deleted', tag.id, payload(tag));
}
