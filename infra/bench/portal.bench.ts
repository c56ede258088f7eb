// The public start page of the portal in headless Chromium, through the real gateway: the initial
// JavaScript (gzip, budget 170 kB) and Lighthouse-style LCP, TBT and CLS, on a desktop and on a
// throttled phone profile. Baseline in the same run: the gateway's static 404 page with JavaScript
// off (the same HTML and CSS, no app), which shows what the app itself adds.
import { existsSync, readFileSync } from 'node:fs';
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
import { recordSection } from './bench-lib.ts';
import { STACK_CONFIG } from '@stageplein/stack/services';

const BUDGET_KB = 170;
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
  tbt: number;
  cls: number;
  scripts: { url: string; transferred: number }[];
}

/** In-page observers (installed before any page script): long tasks and first contentful paint. */
const OBSERVERS = `
  window.__perf = { longTasks: [], fcp: undefined };
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

  await page.goto(url, { waitUntil: 'networkidle' });
  // Let late work (fonts, menus, the build manifest poll) settle, as Lighthouse waits for quiet.
  await page.waitForTimeout(1500);

  let tbt = 0;
  if (javaScript) {
    const perf = (await page.evaluate(
      () => (window as unknown as { __perf: { longTasks: [number, number][]; fcp?: number } }).__perf,
    )) ?? {
      longTasks: [],
    };
    const fcp = perf.fcp ?? 0;
    tbt = perf.longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  }
  await context.close();
  const lcpMs = origin !== undefined && lcp > 0 ? (lcp - origin) * 1000 : Number.NaN;
  return {
    lcp: lcpMs,
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
  const app = await buildGateway({
    config,
    deps: platform.deps,
    services: SERVICES,
    ui: UI_DIRS,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  browser = await launchChromium();
  const start = `http://demo.localhost:${port}/`;
  const staticPage = `http://demo.localhost:${port}/bench/static-baseline`;

  const rows: string[] = [];
  let initialJs: { url: string; raw: number; gzip: number; transferred: number }[] = [];
  for (const profile of PROFILES) {
    for (const [label, url, js] of [
      ['static HTML + CSS, no JavaScript (baseline)', staticPage, false],
      ['portal start page /', start, true],
    ] as const) {
      const samples: TSample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, url, profile, js));
      const lcp = median(samples.map((s) => s.lcp));
      rows.push(
        `| ${profile.name} | ${label} | ${lcp.toFixed(0)} | ${median(samples.map((s) => s.tbt)).toFixed(0)} | ${median(samples.map((s) => s.cls)).toFixed(3)} |`,
      );
      if (js && initialJs.length === 0) {
        initialJs = samples[0]!.scripts.map(({ url: scriptUrl, transferred }) => {
          const file = path.join(UI_DIRS.portal, new URL(scriptUrl).pathname);
          const content = readFileSync(file);
          return {
            url: new URL(scriptUrl).pathname,
            raw: content.length,
            gzip: gzipSync(content, { level: 6 }).length,
            transferred,
          };
        });
      }
    }
  }
  await app.close();
  await platform.close();

  const total = (key: 'raw' | 'gzip' | 'transferred') => initialJs.reduce((sum, f) => sum + f[key], 0);
  const gzipTotal = total('gzip');
  const met = gzipTotal < BUDGET_KB * 1000;
  const body = [
    `Initial JavaScript of \`/\` (every script the page loaded until the network was idle; gzip level 6 of the built files, and what the gateway actually sent, brotli, headers included):`,
    '',
    '| file | raw kB | gzip kB | sent kB |',
    '|---|---|---|---|',
    ...initialJs.map((f) => `| ${f.url} | ${kB(f.raw)} | ${kB(f.gzip)} | ${kB(f.transferred)} |`),
    `| **total** | ${kB(total('raw'))} | **${kB(gzipTotal)}** | ${kB(total('transferred'))} |`,
    '',
    `Budget: < ${BUDGET_KB} kB gzip. Result: ${kB(gzipTotal)} kB (${met ? 'met' : 'NOT met'}).`,
    '',
    `Page load in headless Chromium, median of ${RUNS} cold loads (cache disabled), Dutch browser, tenant demo. LCP from the document request; TBT = long-task time over 50 ms after first contentful paint; CLS = largest session window.`,
    '',
    '| profile | page | LCP ms | TBT ms | CLS |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `${new Date().toISOString().slice(0, 10)}.`,
  ].join('\n');
  console.log(`\nPortal start page\n${body}`);
  recordSection('Portal start page (initial JavaScript, LCP/TBT/CLS)', body);
  if (!met) process.exitCode = 1;
} finally {
  await browser?.close();
  await pgServer.stop();
}
