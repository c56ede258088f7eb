import type { TPlacementsGroup } from '../shared/group.ts';
import { writeBackConsumer } from './write-back.consumer.ts';
import { writeBackRoutes } from './write-back.routes.ts';
import type { TWriteBackItemsTable, TWriteBacksTable } from './write-back.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.write_backs': TWriteBacksTable;
    'placements.write_back_items': TWriteBackItemsTable;
  }
}

/** Completed internships' hours and results to the school's system (docs/decisions/write-back.md). */
export const writeBackGroup: TPlacementsGroup = {
  name: 'write-back',
  routes: [writeBackRoutes],
  consumers: (deps) => [writeBackConsumer(deps)],
};
