import type { TStudentImportRow } from '@stageplein/contracts/imports/student-import';
import type { TRosterSource as TRosterSourceKind } from '@stageplein/contracts/imports/roster';
import { parseStudentCsv } from '../imports/student-import.csv.ts';

/**
 * Where an import's students come from (docs/decisions/workflows.md "Roster sources"). A source yields rows of the
 * six fields (student-import.ts); validation, batches, identity and the report are the import's, the
 * same for every source. `complete`: the source holds the whole school, so an enrolled student it does
 * not name has left (Magister); a CSV may hold a part (one class), so it never says who left.
 */
export interface TRosterSource {
  kind: TRosterSourceKind;
  complete: boolean;
  /** `onProgress` is called as pages arrive (the activity heartbeats there). */
  read(onProgress?: () => void): Promise<TStudentImportRow[]>;
}

/** The CSV upload as a roster source (student-import.csv.ts does the reading). */
export function csvRosterSource(bytes: Uint8Array): TRosterSource {
  return {
    kind: 'csv',
    complete: false,
    read: async () => (await parseStudentCsv(bytes)).rows,
  };
}
