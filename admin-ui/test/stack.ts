import type { Page } from 'playwright-core';
import {
  demo,
  DESKTOP,
  openPage,
  shot as shotAs,
  signIn as portalSignIn,
  type TDemo,
  type TStack,
  type TUiPage,
} from '@stageplein/testing/ui-stack';

// The stack and browser helpers are shared with the portal's tests (infra/testing/src/ui-stack.ts).
// Local exports below (shot, …) take precedence over the shared ones of the same name.
export * from '@stageplein/testing/ui-stack';

export type TAdminPage = TUiPage;

/** A page that lists failed API answers in `failures` (refusals are asserted on), apart from `problems`. */
export function openBrowser(
  stack: TStack,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<TAdminPage> {
  return openPage(stack, { viewport: options.viewport ?? DESKTOP, locale: options.locale });
}

/** Screenshot kept in test-artifacts/ (`admin-<name>-<width>.png`). */
export const shot = (page: Page, name: string) => shotAs(page, `admin-${name}`);

/** Signs in on the portal's login page: its credential cookies count in the back office too. */
export async function signIn(page: Page, stack: TStack, tenant: string, who: TDemo): Promise<void> {
  await portalSignIn(page, stack, tenant, demo(who, tenant));
}

/** Opens a back-office path (a full page load, as after a reload) and waits for the screen. */
export async function openAdmin(page: Page, stack: TStack, tenant: string, path: string): Promise<void> {
  await page.goto(stack.url(tenant, path));
  await page.getByTestId('appbar-app-name').waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.RaLoading-root, [role="progressbar"]'),
    undefined,
    { timeout: 15_000 },
  );
}
