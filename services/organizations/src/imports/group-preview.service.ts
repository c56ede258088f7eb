import type { TGroupPreviewAttributes, TRosterSource } from '@stageplein/contracts/imports/roster';
import type { TStudentImportRow } from '@stageplein/contracts/imports/student-import';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { RosterSourceError } from '../roster-sources/magister.client.ts';
import { magisterRosterSource } from '../roster-sources/magister.source.ts';
import { magisterHosts, openMagisterConnection } from '../roster-sources/roster-connections.service.ts';
import { csvRosterSource } from '../roster-sources/roster-source.ts';
import type { TCtx } from '../shared/request.ts';
import { groupsAndLevelsOf } from './imports.repository.ts';
import { ImportFileError } from './student-import.csv.ts';
import { nameKey, validateStudentRows } from './student-import.validate.ts';

/**
 * What a group import would do, without doing it: the roster's classes (CSV or the school's Magister)
 * with level, student count and whether the school has them. Confirming is the student import with
 * `create_missing_groups`, so groups are created from a roster one way only.
 */
export async function previewGroups(
  ctx: TCtx,
  schoolId: string,
  input: { source: 'csv'; file: Uint8Array } | { source: 'magister' },
): Promise<TGroupPreviewAttributes> {
  let rows: TStudentImportRow[];
  try {
    if (input.source === 'csv') rows = await csvRosterSource(input.file).read();
    else {
      const connection = await openMagisterConnection(ctx, schoolId);
      if (!connection) throw new ApiError('roster_not_configured');
      rows = await magisterRosterSource(connection, { allowedHosts: magisterHosts(ctx.config) }).read();
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw new ApiError('validation_failed', {}, { pointer: '/file' });
    if (error instanceof RosterSourceError) throw new ApiError('roster_unavailable', { reason: error.code });
    throw error;
  }
  const today = ctx.now.toISOString().slice(0, 10);
  const existing = await groupsAndLevelsOf(ctx.db, schoolId, today);
  const known = new Set(existing.groups.map((g) => nameKey(g.name)));
  const validated = validateStudentRows(
    rows,
    { groups: new Set(), levels: new Set() },
    { createMissingGroups: true },
  );
  const groups = new Map<string, { name: string; level: string; students: number; exists: boolean }>();
  let invalid = 0;
  for (const row of validated) {
    if (row.errors.length) {
      invalid++;
      continue;
    }
    const name = row.values.group;
    if (!name) continue;
    const group = groups.get(nameKey(name)) ?? {
      name,
      level: row.values.level,
      students: 0,
      exists: known.has(nameKey(name)),
    };
    group.students++;
    groups.set(nameKey(name), group);
  }
  return {
    source: input.source satisfies TRosterSource,
    students: validated.length - invalid,
    invalid,
    groups: [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'nl', { numeric: true })),
  };
}
