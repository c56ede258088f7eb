import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { findCatalogueRow } from '../school-catalogue/school-catalogue.repository.ts';
import { createEntry, type TCatalogue } from '../school-catalogue/school-catalogue.service.ts';
import type { TCtx, TDb } from '../shared/request.ts';

/** Levels are a school catalogue (school-catalogue/), ordered by position. */
export const LEVELS: TCatalogue = { type: 'level', table: 'organizations.levels', ordered: true };

/** Adds a level to a school, with its event (also used by the student import for levels a file names). */
export const createLevel = (
  ctx: TCtx,
  caller: TChangeActor,
  input: { school_id: string; name: string; position?: number },
) => createEntry(ctx, caller, LEVELS, input);

export const findLevel = (db: TDb, id: string) => findCatalogueRow(db, LEVELS, id);
