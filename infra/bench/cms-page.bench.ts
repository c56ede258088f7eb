// A CMS page served as HTML with its content (GET /over-ons, Dutch reader, tenant demo) through the
// gateway — tenant, the content API asked through the gateway for the page with the main menu, the
// page's markup, title, SEO description and data in the portal's index.html — against a bare Fastify +
// pg route reading the same published revision into the same index.html; same concurrency, same run.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { compareServers, recordResult, table, withSeededDatabase } from './bench-lib.ts';

if (!existsSync(path.join(UI_DIRS.portal, 'index.html'))) {
  throw new Error('portal-ui is not built: run `npm run build:ui` first.');
}

const PATH = '/over-ons';
await withSeededDatabase('bench-cms-page', async (ownerUrl) => {
  const headers = { 'x-tenant': 'demo', 'accept-language': 'nl' };
  const contender = (label: string, mode: string) => ({
    label,
    script: 'infra/bench/cms-page.servers.ts',
    args: [mode, ownerUrl],
    path: PATH,
    headers,
    // Both must serve the page's text (from the seeded body of over-ons), or something else is measured.
    expectText: 'bij een organisatie die graag jong talent begeleidt',
  });
  const results = await compareServers(
    [
      contender('bare Fastify + pg (same revision into the same index.html)', 'bare'),
      contender('gateway → content (page, menu, markup, data)', 'gateway'),
      contender('gateway, render cache off (CMS_RENDER_CACHE_SECONDS=0)', 'gateway-uncached'),
    ],
    { cpuOf: 'bench-cms-page' },
  );
  const [bare, gateway, uncached] = results as [
    (typeof results)[0],
    (typeof results)[0],
    (typeof results)[0],
  ];
  const uncachedRatio = uncached.requestsPerSecond / bare.requestsPerSecond;
  const ratio = gateway.requestsPerSecond / bare.requestsPerSecond;
  const cpu = (r: (typeof results)[0]) => `${r.cpuMicros?.toFixed(0)} µs`;
  const cpuRatio = bare.cpuMicros! / uncached.cpuMicros!;
  const loads = os.loadavg()[0]!.toFixed(1);
  const body = `${table(results, bare)}\n\nTarget: gateway ≥ 0.7× bare. Result: ${ratio.toFixed(2)}× (${ratio >= 0.7 ? 'met' : 'NOT met'}); the gateway reuses a rendered page for up to 5 s (CMS_RENDER_CACHE_SECONDS, within content's max-age), the bare route reads the row every time; without that reuse ${uncachedRatio.toFixed(2)}× by throughput. CPU per request (server process + PostgreSQL, median of 5 alternating 2 s slices): bare ${cpu(bare)}, gateway ${cpu(gateway)}, render cache off ${cpu(uncached)}, i.e. a cold page ${cpuRatio.toFixed(2)}× the bare route's throughput when CPU-bound (one content call per page: the page's live revision, rendered and sanitised when it was saved, with the main menu and its items, in one prepared statement; then the same request path twice, gateway and content). Every gateway server applies the seeds' events before it is measured. \`GET ${PATH}\`, Dutch reader, not signed in; 16 connections; median of 3 alternating rounds of 5 s, each after a 2 s warm-up; 1-minute load average ${loads} on ${os.cpus().length} cores at the end; ${new Date().toISOString().slice(0, 10)}.`;
  console.log(`\nGET ${PATH} (HTML)\n${body}`);
  recordResult('CMS page as HTML (gateway vs bare route)', {
    result: `${ratio.toFixed(2)}× bare (target 0.7×), with the 5 s render cache; without it ${uncachedRatio.toFixed(2)}× by throughput, ${cpuRatio.toFixed(2)}× by CPU per request (${cpu(uncached)} against ${cpu(bare)})`,
    load: loads,
  });
});
