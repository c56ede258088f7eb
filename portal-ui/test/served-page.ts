import type { Page } from 'playwright-core';

// The portal hydrates the page the gateway served (services/gateway/src/cms-prerender.ts): these help a
// test ask whether the served elements stayed in the document or were replaced.

/** Before any script of the page: keeps the first served element of each test id as it arrives. */
const KEEP_SERVED = (ids: readonly string[]) => {
  const w = window as unknown as { __served: Record<string, Element> };
  w.__served = {};
  new MutationObserver(() => {
    for (const id of ids) {
      const element = document.querySelector(`[data-testid="${id}"]`);
      if (element && !w.__served[id]) w.__served[id] = element;
    }
  }).observe(document, { childList: true, subtree: true });
};

/** Per served element: still the one in the document (hydrated) or replaced. */
const keptElements = () => {
  const served = (window as unknown as { __served: Record<string, Element> }).__served;
  return Object.fromEntries(
    Object.entries(served).map(([id, element]) => [
      id,
      element.isConnected && document.querySelector(`[data-testid="${id}"]`) === element,
    ]),
  );
};

/**
 * Watches the served elements of `ids` on every page `page` loads from now on, and collects the
 * portal's "served page differed" warnings (a part rendered anew after a hydration mismatch).
 * `kept()`: per id seen, whether the served element is still the one in the document.
 */
export async function watchServed(page: Page, ids: readonly string[]) {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /served page differed/.test(m.text())) warnings.push(m.text());
  });
  await page.addInitScript(KEEP_SERVED, ids);
  return { warnings, kept: () => page.evaluate(keptElements) };
}

/** The app has started: its header (the served one has no menu button) replaced the served one. */
export async function appStarted(page: Page) {
  await page.getByTestId('menu-button').waitFor({ state: 'attached' });
  await page.getByTestId('language-toggle').waitFor();
}
