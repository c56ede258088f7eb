import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Tenants are host names (raayland.localhost); keep every one of them on this machine.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  });
}

/** Runs axe-core in the page (the page needs `bypassCSP: true`: our CSP forbids injected scripts) and returns its violations (ids and the first target of each). */
export async function axeViolations(
  page: Page,
): Promise<{ id: string; impact?: string | null; target: string }[]> {
  // Contrast is judged on what the reader sees, not on an element mid fade-in (a toast's entry
  // animation): finite animations finish first (endless ones, e.g. a spinner, are left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    // The page's window, with the axe-core the script tag above added.
    const axe = (
      window as typeof window & {
        axe: {
          run(): Promise<{
            violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    return axe.run();
  });
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    target: String(v.nodes[0]?.target[0] ?? ''),
  }));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
