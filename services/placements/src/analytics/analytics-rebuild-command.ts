// `npm run analytics:rebuild -w @stageplein/placements [tenant…]`: rebuilds analytics' read models
// from placements' outbox for the named tenants (default: every tenant). See analytics.rebuild.ts.
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { runOneOffCommand } from '@stageplein/kit/runtime/one-off-command';
import { PLACEMENTS_CONFIG } from '../placements.config.ts';
import { rebuildAnalytics } from './analytics.rebuild.ts';

const asked = process.argv.slice(2);
const tenants = asked.length ? asked : [...TENANT_IDS];
await runOneOffCommand(PLACEMENTS_CONFIG, async (ownerUrl, config) => {
  // The app role, as the consumer writes: row-level security keeps each rebuild in its tenant.
  const db = createDb<unknown>(createPool(dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD).app, 1));
  try {
    for (const tenant of tenants) {
      const { events } = await rebuildAnalytics(db, tenant);
      console.log(`analytics ${tenant}: ${events} event(s) applied`);
    }
  } finally {
    await db.destroy();
  }
});
