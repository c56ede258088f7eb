import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { harness, type THarness } from '../../test/harness.ts';

/**
 * `npm run analytics:rebuild` end to end (docs/decisions/analytics.md "Rebuild"): on a database with
 * history (every tenant's seeds: internships in each state, their phases, hours, contracts, vacancies,
 * applied live by the consumer as the relay delivered them), the command, run as an operator runs it in
 * its own process, must give back the read models the live consumer kept — after they were damaged, so
 * a command that did nothing would fail.
 */
const TABLES = [
  ['analytics_internships', 'id'],
  ['analytics_overdue_tasks', 'phase_task_id'],
  ['analytics_vacancies', 'id'],
  ['analytics_period_defaults', 'period_id'],
] as const;

let h: THarness;
beforeAll(async () => {
  h = await harness([identityService, organizationsService]);
}, 180_000);
afterAll(async () => h?.close());

const readModels = async () => {
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of TABLES)
    out[table] = (
      await sql`select * from ${sql.table(`placements.${table}`)} order by tenant_id, ${sql.ref(key)}`.execute(
        h.owner,
      )
    ).rows;
  return out;
};

const run = promisify(execFile);

describe('npm run analytics:rebuild', () => {
  it("rebuilds every tenant's read models from placements' history as the live consumer kept them", async () => {
    const live = await readModels();
    const internships = live.analytics_internships as { tenant_id: string; status: string }[];
    // The history is worth comparing: every tenant has internships, in more than one status.
    for (const tenant of TENANT_IDS)
      expect(
        new Set(internships.filter((r) => r.tenant_id === tenant).map((r) => r.status)).size,
      ).toBeGreaterThan(1);
    expect(live.analytics_vacancies!.length).toBeGreaterThan(0);

    // Damage: one tenant's rows gone, another's changed.
    await sql`delete from placements.analytics_internships where tenant_id = 'demo'`.execute(h.owner);
    await sql`delete from placements.analytics_vacancies where tenant_id = 'demo'`.execute(h.owner);
    await sql`update placements.analytics_internships set hours_logged = hours_logged + 7, phase_id = null,
      phase_name = null where tenant_id = 'raayland'`.execute(h.owner);
    const damaged = await readModels();
    expect(
      damaged.analytics_internships!.filter((r) => (r as { tenant_id: string }).tenant_id === 'demo'),
    ).toEqual([]);
    expect(damaged).not.toEqual(live);

    const { stdout } = await run('npm', ['run', '-s', 'analytics:rebuild', '-w', '@stageplein/placements'], {
      cwd: new URL('../../../..', import.meta.url).pathname,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: h.platform.ownerUrl,
        AUTH_TOKEN_SECRET: h.deps.config.AUTH_TOKEN_SECRET,
      },
      timeout: 120_000,
    });
    for (const tenant of TENANT_IDS)
      expect(stdout).toMatch(new RegExp(`^analytics ${tenant}: [1-9]\\d* event\\(s\\) applied$`, 'm'));
    expect(await readModels()).toEqual(live);
  }, 180_000);
});
