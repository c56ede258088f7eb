import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from '@stageplein/testing/browser';
import { demo, DESKTOP, openPortal, PHONE, signIn, startStack, type TStack } from './stack.ts';

/**
 * Visual regression of the gallery (issue #13): `/dev/components` and `/dev/colors` per tenant theme,
 * light and dark, phone and desktop, against the PNGs in `visual/__baselines__`. A change that alters
 * another tenant's look fails here. `UPDATE_BASELINES=1` rewrites the baselines (docs/design-system.md).
 */
const BASELINES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visual', '__baselines__');
const UPDATE = process.env.UPDATE_BASELINES === '1';
/** pixelmatch's per-pixel colour threshold, and the share of pixels that may differ (anti-aliasing). */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_RATIO = 0.001;

// The distinct themes of contracts/src/tenants: stageplein's and masplein's own, demo has the §9 default.
const TENANTS = ['stageplein', 'masplein', 'demo'] as const;
const PAGES = ['/dev/components', '/dev/colors'] as const;
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

let stack: TStack;
beforeAll(async () => {
  stack = await startStack({ env: { STAGING: 'true' } });
});
afterAll(async () => stack?.close());

/**
 * Fonts loaded, animations and transitions off, the caret and the (navigation-timed) loading bar
 * hidden: the same pixels on every run. The footer's year is masked (it changes every January).
 */
async function settle(page: Page): Promise<void> {
  await page.addStyleTag({
    content:
      '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; } .loading-bar { visibility: hidden !important; }',
  });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

function compare(name: string, actual: Buffer): string | undefined {
  const file = path.join(BASELINES, `${name}.png`);
  if (UPDATE || !existsSync(file)) {
    if (!UPDATE) return `no baseline ${name}.png (run with UPDATE_BASELINES=1)`;
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, actual);
    return undefined;
  }
  const expected = PNG.sync.read(readFileSync(file));
  const got = PNG.sync.read(actual);
  mkdirSync(ARTIFACTS, { recursive: true });
  if (expected.width !== got.width || expected.height !== got.height) {
    writeFileSync(path.join(ARTIFACTS, `visual-${name}-actual.png`), actual);
    return `${name}: ${got.width}×${got.height} px, baseline ${expected.width}×${expected.height} px`;
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const different = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = different / (got.width * got.height);
  if (ratio <= MAX_DIFF_RATIO) return undefined;
  writeFileSync(path.join(ARTIFACTS, `visual-${name}-actual.png`), actual);
  writeFileSync(path.join(ARTIFACTS, `visual-${name}-diff.png`), PNG.sync.write(diff));
  return `${name}: ${different} pixels (${(ratio * 100).toFixed(2)} %) differ from the baseline`;
}

describe('the gallery looks as its baselines', () => {
  it.each(
    TENANTS.flatMap((tenant) => VIEWPORTS.map(([label, viewport]) => [tenant, label, viewport] as const)),
  )('%s on a %s, light and dark', async (tenant, label, viewport) => {
    const { page, context, problems } = await openPortal(stack, { viewport });
    await signIn(page, stack, tenant, demo('student', tenant));
    const failures: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
      for (const pathname of PAGES) {
        await page.goto(stack.url(tenant, pathname));
        await page.getByTestId(pathname === '/dev/colors' ? 'dev-colors' : 'dev-components').waitFor();
        // The header as a signed-in student sees it: the account menu follows the current user's answer,
        // which a screenshot could otherwise beat or not, depending on the machine's load.
        await page.getByTestId('account-menu').waitFor();
        // And the main menu, which comes with its own request: a screenshot before it had an empty tab
        // row (1 px lower, the tabs missing). Attached, not visible: phones show it in the side panel.
        await page.locator('[data-testid="main-menu"][data-ready="true"]').waitFor({ state: 'attached' });
        await settle(page);
        const shot = await page.screenshot({
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          mask: [page.locator('.site-footer__name')],
        });
        const name = `${pathname.slice(1).replace('/', '-')}-${tenant}-${mode}-${label}`;
        const failure = compare(name, shot);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
