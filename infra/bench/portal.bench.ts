// The public start page and the internship bank of the portal in headless Chromium, through the real
// gateway: the initial JavaScript (gzip, budget 170 kB) and Lighthouse-style LCP, TBT and CLS, on a
// desktop and on a throttled phone profile. Baselines in the same run: the gateway's static 404 page
// with JavaScript off (the same HTML and CSS, no app), which shows what the app itself adds; and with
// BENCH_BEFORE_REF=<git ref>, the portal as built from that commit (served by a second gateway on the
// same platform), measured alternately with this tree's — a before/after of one change. The second
// gateway is this tree's: BENCH_BEFORE_UNSERVED=<kind,…> (contracts/content/prerender.ts target kinds,
// e.g. vacancy-search) makes it serve those pages as the ref's gateway did, without their content,
// which the ref's portal could not hydrate.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { ensureDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { prepareDatabase, startPlatform } from '@stageplein/kit/runtime/platform';
import { buildGateway } from '@stageplein/gateway/gateway.app';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { SERVICES } from '@stageplein/stack/services';
import { launchChromium } from '@stageplein/testing/browser';
import { startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { loadNow, recordResult, ROOT } from './bench-lib.ts';
import { STACK_CONFIG } from '@stageplein/stack/services';
import { CONTENT_TARGET_KINDS } from '@stageplein/contracts/content/prerender';

const BUDGET_KB = 170;
/** Largest contentful paint on the phone profile: Core Web Vitals' "good" (docs/decisions/stagebank-prerender.md). */
const LCP_TARGET_MS = 2500;
const RUNS = 5;

interface TProfile {
  name: string;
  viewport: { width: number; height: number };
  cpuSlowdown: number;
  /** Lighthouse's "slow 4G" for the phone; none on the desktop. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const PROFILES: TProfile[] = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, cpuSlowdown: 1 },
  {
    name: 'phone (4× CPU, 150 ms RTT, 1.6 Mbit/s)',
    viewport: { width: 375, height: 812 },
    cpuSlowdown: 4,
    network: {
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
  },
];

interface TSample {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** The final LCP entry's element and how many entries there were. */
  lcpElement: string;
  lcpEntries: number;
  scripts: { url: string; transferred: number }[];
}

/** In-page observers (installed before any page script): long tasks and first contentful paint. */
const OBSERVERS = `
  window.__perf = { longTasks: [], fcp: undefined, lcp: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) {
    const el = e.element; const id = el && (el.getAttribute('data-testid') || el.className || '');
    window.__perf.lcp.push((el ? el.tagName.toLowerCase() : '?') + (id ? '.' + String(id).split(' ')[0] : ''));
  } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__perf.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

/** CLS as Lighthouse computes it: the largest session window (gaps < 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts: { time: number; value: number }[]): number {
  let max = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts.sort((a, b) => a.time - b.time)) {
    if (s.time - last > 1000 || s.time - start > 5000) {
      current = 0;
      start = s.time;
    }
    current += s.value;
    last = s.time;
    max = Math.max(max, current);
  }
  return max;
}

async function measure(
  browser: Browser,
  url: string,
  profile: TProfile,
  javaScript: boolean,
): Promise<TSample> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    javaScriptEnabled: javaScript,
    locale: 'nl-NL',
  });
  const page: Page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint', 'layout-shift'] });

  let lcp = 0;
  const shifts: { time: number; value: number }[] = [];
  let origin: number | undefined;
  cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
    if (event.type === 'largest-contentful-paint' && event.lcpDetails)
      lcp = event.lcpDetails.renderTime || event.lcpDetails.loadTime;
    if (
      event.type === 'layout-shift' &&
      event.layoutShiftDetails &&
      !event.layoutShiftDetails.hadRecentInput
    ) {
      shifts.push({ time: event.time * 1000, value: event.layoutShiftDetails.value });
    }
  });
  const scripts = new Map<string, { url: string; transferred: number }>();
  const urls = new Map<string, string>();
  // Timeline events carry wall-clock seconds, as does the document request's `wallTime`.
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && origin === undefined) origin = e.wallTime;
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const scriptUrl = urls.get(e.requestId);
    if (scriptUrl) scripts.set(scriptUrl, { url: scriptUrl, transferred: e.encodedDataLength });
  });
  if (javaScript) await page.addInitScript(OBSERVERS);

  // The load event, then quiet time for late work (fonts, menus, the bank's search and map, the build
  // manifest poll), as Lighthouse waits for quiet; "network idle" was not reached on the throttled
  // phone at a high machine load. This waits for time on purpose: the quiet window is part of what is
  // measured (long tasks in it count towards the total blocking time).
  await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
  await page.waitForTimeout(6000);

  let tbt = 0;
  let fcpMs = Number.NaN;
  let lcpEntries: string[] = [];
  if (javaScript) {
    const perf = (await page.evaluate(
      () =>
        (window as typeof window & { __perf: { longTasks: [number, number][]; fcp?: number; lcp: string[] } })
          .__perf,
    )) ?? { longTasks: [], lcp: [] };
    const fcp = perf.fcp ?? 0;
    fcpMs = perf.fcp ?? Number.NaN;
    lcpEntries = perf.lcp;
    tbt = perf.longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  }
  await context.close();
  const lcpMs = origin !== undefined && lcp > 0 ? (lcp - origin) * 1000 : Number.NaN;
  return {
    lcp: lcpMs,
    fcp: fcpMs,
    lcpElement: lcpEntries.at(-1) ?? '',
    lcpEntries: lcpEntries.length,
    tbt,
    cls: cumulativeLayoutShift(shifts.map((s) => ({ time: s.time, value: s.value }))),
    scripts: [...scripts.values()],
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

if (!existsSync(path.join(UI_DIRS.portal, 'index.html'))) {
  throw new Error('portal-ui is not built: run `npm run build:ui` first.');
}

/**
 * The portal of another commit, built with this tree's packages (design system, contracts): its
 * portal-ui folder from git beside links to the rest of this tree, Vite. Returns the build's folder.
 */
function buildPortalAt(ref: string): { dir: string; remove: () => void } {
  const work = mkdtempSync(path.join(os.tmpdir(), 'stageplein-portal-before-'));
  const archive = execFileSync('git', ['archive', ref, 'portal-ui'], { cwd: ROOT, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', work], { input: archive });
  // Everything else (design system, contracts, tsconfig references, node_modules) is this tree's.
  for (const entry of readdirSync(ROOT))
    if (entry !== 'portal-ui' && entry !== '.git')
      symlinkSync(path.join(ROOT, entry), path.join(work, entry));
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(work, 'portal-ui'),
      stdio: 'inherit',
    },
  );
  // The build manifest the portal polls (written by build-ui), as the gateway serves it.
  copyFileSync(path.join(UI_DIRS.portal, 'latest.json'), path.join(work, 'portal-ui/dist/latest.json'));
  return {
    dir: path.join(work, 'portal-ui/dist'),
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}

const beforeRef = process.env.BENCH_BEFORE_REF;
const before = beforeRef ? buildPortalAt(beforeRef) : undefined;
const beforeCommit = beforeRef
  ? execFileSync('git', ['rev-parse', '--short', beforeRef], { cwd: ROOT }).toString().trim()
  : undefined;

const pgServer = await startThrowawayPostgres('portal');
let browser: Browser | undefined;
try {
  const ownerUrl = await ensureDatabase(pgServer.url, 'bench_portal');
  const config = parseConfig(
    { DATABASE_URL: ownerUrl, AUTH_TOKEN_SECRET: generateAuthSecret(), LOG_LEVEL: 'silent' },
    STACK_CONFIG,
  );
  await prepareDatabase(ownerUrl, config, SERVICES, { seed: true });
  const platform = await startPlatform(ownerUrl, config, SERVICES);
  const gateways = [];
  const unserved = (process.env.BENCH_BEFORE_UNSERVED ?? '').split(',').filter(Boolean);
  for (const portal of before ? [UI_DIRS.portal, before.dir] : [UI_DIRS.portal]) {
    const app = await buildGateway({
      config,
      deps: platform.deps,
      services: SERVICES,
      ui: { ...UI_DIRS, portal },
      logger: false,
      ...(portal !== UI_DIRS.portal &&
        unserved.length > 0 && {
          servedKinds: CONTENT_TARGET_KINDS.filter((kind) => !unserved.includes(kind)),
        }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    gateways.push({ app, port: (app.server.address() as { port: number }).port });
  }
  const [after, previous] = gateways as [(typeof gateways)[number], (typeof gateways)[number] | undefined];
  browser = await launchChromium();
  const at = (port: number, pathname: string) => `http://demo.localhost:${port}${pathname}`;

  interface TVariant {
    label: string;
    url: string;
    js: boolean;
    /** Measured in alternation with the row before it (the before/after pair). */
    pairedWithPrevious?: boolean;
  }
  const variants: TVariant[] = [
    {
      label: 'static HTML + CSS, no JavaScript (baseline)',
      url: at(after.port, '/bench/static-baseline'),
      js: false,
    },
  ];
  for (const pathname of ['/', '/stagebank']) {
    if (previous)
      variants.push({
        label: `${pathname}, before (${beforeCommit})`,
        url: at(previous.port, pathname),
        js: true,
      });
    variants.push({
      label: previous ? `${pathname}, after` : `portal ${pathname}`,
      url: at(after.port, pathname),
      js: true,
      pairedWithPrevious: !!previous,
    });
  }

  const rows: string[] = [];
  const lcpOf: string[] = [];
  const initialJs = new Map<string, { url: string; raw: number; gzip: number; transferred: number }[]>();
  for (const profile of PROFILES) {
    const samples = new Map<TVariant, TSample[]>(variants.map((v) => [v, []]));
    // Round-robin: every variant once per round, so a busy minute of the shared machine hits all alike.
    for (let i = 0; i < RUNS; i++)
      for (const v of variants) samples.get(v)!.push(await measure(browser, v.url, profile, v.js));
    for (const v of variants) {
      const list = samples.get(v)!;
      const lcps = list.map((s) => s.lcp);
      const lcp = median(lcps);
      lcpOf.push(`${profile.name.split(' ')[0]} ${v.label} ${lcp.toFixed(0)} ms`);
      const elements = [...new Set(list.map((s) => `${s.lcpElement} (${s.lcpEntries})`))].join(', ');
      rows.push(
        `| ${profile.name} | ${v.label} | ${lcp.toFixed(0)} | ${lcps.map((x) => x.toFixed(0)).join(' / ')} | ${v.js ? median(list.map((s) => s.fcp)).toFixed(0) : '–'} | ${median(list.map((s) => s.tbt)).toFixed(0)} | ${median(list.map((s) => s.cls)).toFixed(3)} | ${v.js ? elements : '–'} |`,
      );
      const pathname = new URL(v.url).pathname;
      if (v.js && v.url.includes(`:${after.port}/`) && !initialJs.has(pathname)) {
        initialJs.set(
          pathname,
          list[0]!.scripts.map(({ url: scriptUrl, transferred }) => {
            const file = path.join(UI_DIRS.portal, new URL(scriptUrl).pathname);
            const content = readFileSync(file);
            return {
              url: new URL(scriptUrl).pathname,
              raw: content.length,
              gzip: gzipSync(content, { level: 6 }).length,
              transferred,
            };
          }),
        );
      }
    }
  }
  for (const g of gateways) await g.app.close();
  await platform.close();

  const tables: string[] = [];
  let met = true;
  for (const [pathname, files] of initialJs) {
    const total = (key: 'raw' | 'gzip' | 'transferred') => files.reduce((sum, f) => sum + f[key], 0);
    const gzipTotal = total('gzip');
    // The budget is the start page's (the bank's later chunks, e.g. its map, load after its first render).
    if (pathname === '/') met &&= gzipTotal < BUDGET_KB * 1000;
    tables.push(
      `${pathname === '/' ? 'Initial JavaScript' : 'JavaScript loaded'} of \`${pathname}\`: ${files.map((f) => `${f.url} ${kB(f.raw)} kB raw, ${kB(f.gzip)} kB gzip, ${kB(f.transferred)} kB sent`).join('; ')} — **${kB(gzipTotal)} kB gzip**${pathname === '/' ? ` (budget < ${BUDGET_KB} kB: ${gzipTotal < BUDGET_KB * 1000 ? 'met' : 'NOT met'})` : ''}.`,
    );
  }
  const load = os.loadavg()[0]!.toFixed(1);
  const body = [
    `Initial JavaScript: every script the page loaded by 6 s after its load event; gzip level 6 of the built files, and what the gateway actually sent (brotli, headers included).`,
    '',
    ...tables.flatMap((t) => [t, '']),
    `Page load in headless Chromium, median of ${RUNS} cold loads (cache disabled), Dutch browser, tenant demo, the variants measured round-robin. LCP from the document request (each run listed); FCP from the navigation; TBT = long-task time over 50 ms after first contentful paint; CLS = largest session window; the last LCP entry's element and the number of LCP entries per load.`,
    '',
    '| profile | page | LCP ms | LCP per run | FCP ms | TBT ms | CLS | LCP element (entries) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Target: phone LCP ≤ ${LCP_TARGET_MS} ms. Load average (1 min) at the end: ${load} on ${os.cpus().length} cores. ${new Date().toISOString().slice(0, 10)}.`,
  ].join('\n');
  console.log(`\nPortal start page\n${body}`);
  const startJs = (initialJs.get('/') ?? []).reduce((sum, f) => sum + f.gzip, 0);
  recordResult('Portal start page (initial JavaScript, LCP/TBT/CLS)', {
    result: `LCP ${lcpOf.join(', ')} (target ${LCP_TARGET_MS / 1000} s on the phone); \`/\` ${kB(startJs)} kB gzip (budget ${BUDGET_KB})`,
    load: loadNow(),
  });
  if (!met) process.exitCode = 1;
} finally {
  await browser?.close();
  await pgServer.stop();
  before?.remove();
}
