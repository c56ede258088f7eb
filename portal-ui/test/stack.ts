import type { Page } from 'playwright-core';
import { openPage, shot as shotAs, type TStack, type TUiPage } from '@stageplein/testing/ui-stack';

// The stack and browser helpers are shared with the back office's tests (infra/testing/src/ui-stack.ts).
// Local exports below (shot, …) take precedence over the shared ones of the same name.
export * from '@stageplein/testing/ui-stack';

export type TPortalPage = TUiPage;

/** A page whose console errors, page errors and unexpected failed requests are all `problems`. */
export function openPortal(
  stack: TStack,
  options: { viewport?: { width: number; height: number }; locale?: string; expectFailures?: RegExp[] } = {},
): Promise<TPortalPage> {
  return openPage(stack, { ...options, failuresAreProblems: true });
}

/** Screenshot kept in test-artifacts/ (`portal-<name>-<width>.png`). */
export const shot = (page: Page, name: string) => shotAs(page, `portal-${name}`);
