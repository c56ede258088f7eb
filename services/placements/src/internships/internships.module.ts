import type { TPlacementsGroup } from '../shared/group.ts';
import { actionLinksRoutes } from './action-links/action-links.routes.ts';
import type { TInternshipReactions } from './internship-links.ts';
import { internshipsRoutes } from './internships.routes.ts';
import { seedInternships } from './internships.seed.ts';
import {
  selfFoundApprovalsConsumer,
  selfFoundOrganizationsConsumer,
} from './self-found/self-found.consumer.ts';
import { selfFoundRoutes } from './self-found/self-found.routes.ts';
import { seedSelfFoundDetails } from './self-found/self-found.seed.ts';
import type { TSelfFoundInternshipsTable } from './self-found/self-found.table.ts';
import type {
  TInternshipsTable,
  TInternshipStatusChangesTable,
  TInternshipTalliesTable,
} from './internships.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.internships': TInternshipsTable;
    'placements.internship_status_changes': TInternshipStatusChangesTable;
    'placements.internship_tallies': TInternshipTalliesTable;
    'placements.self_found_internships': TSelfFoundInternshipsTable;
  }
}

/**
 * Internships: applying, the life cycle, the parties, the supervisor, the lifetime of the links sent
 * about an internship (docs/decisions/internships.md) and internships students found themselves
 * (docs/decisions/self-found-and-bulk-messages.md). `reactions`: what groups above it do when an
 * internship changes, handed in by the composition so internships imports none of them.
 */
export const internshipsGroup = (reactions: TInternshipReactions): TPlacementsGroup => ({
  name: 'internships',
  routes: [
    actionLinksRoutes,
    async (app, deps) => {
      await app.register(internshipsRoutes, { ...deps, reactions });
    },
    selfFoundRoutes,
  ],
  consumers: (deps) => [selfFoundApprovalsConsumer(deps), selfFoundOrganizationsConsumer(deps)],
  async seed(ctx, tenant, today) {
    await seedInternships(ctx, tenant, today);
    await seedSelfFoundDetails(ctx, tenant);
  },
});
