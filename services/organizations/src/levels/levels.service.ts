import { emit } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { nameTaken } from '../shared/school.ts';
import { deleteLevel, insertLevel, updateLevel, type TLevelRow } from './levels.repository.ts';

const payload = (l: TLevelRow) => ({ level_id: l.id, school_id: l.school_id, name: l.name });

export async function createLevel(
  ctx: TCtx,
  actor: string,
  input: { school_id: string; name: string; position?: number },
) {
  const level = await insertLevel(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: input.school_id,
    name: input.name,
    position: input.position ?? 0,
    created_at: ctx.now,
    updated_at: ctx.now,
  }).catch((e: unknown) => Promise.reject(nameTaken(e)));
  await emit(ctx.db, ctx.tenant.id, actor, 'organizations.level.created', level.id, payload(level));
  return level;
}

export async function changeLevel(
  ctx: TCtx,
  actor: string,
  level: TLevelRow,
  input: { name?: string; position?: number },
) {
  const updated = await updateLevel(ctx.db, level.id, { ...input, updated_at: ctx.now }).catch((e: unknown) =>
    Promise.reject(nameTaken(e)),
  );
  await emit(ctx.db, ctx.tenant.id, actor, 'organizations.level.updated', level.id, payload(updated));
  return updated;
}

/** Groups of this level keep existing without one (`on delete set null`). */
export async function removeLevel(ctx: TCtx, actor: string, level: TLevelRow) {
  await deleteLevel(ctx.db, level.id);
  await emit(ctx.db, ctx.tenant.id, actor, 'organizations.level.deleted', level.id, payload(level));
}
