import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  mailsTo,
  openPage,
  PHONE,
  shot as shotAs,
  type TStack,
  type TUiPage,
} from '@stageplein/testing/ui-stack';

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

/**
 * The supervisor gets the mail with their external link to `path` (`/urenbevestiging`, `/evaluatie`,
 * `/opdrachten/praktijkbegeleider`) and opens its link on a phone, signed out: a fresh page at the link
 * (on the stack's origin), once `pageTestId` shows.
 */
export async function openMailedLink(
  stack: TStack,
  tenant: string,
  to: string,
  path: string,
  pageTestId: string,
): Promise<TPortalPage> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`https?://\\S+${escaped}#[A-Za-z0-9_-]{43}`);
  // Wait for the newest mail with this path's link: the latest mail to this person may be an earlier one,
  // or a later one about something else (a student's second contract, mailed in the same turn).
  let link: string | undefined;
  await expect
    .poll(
      async () =>
        (link = (await mailsTo(stack, tenant, to, 'external_link'))
          .map((text) => pattern.exec(text)?.[0])
          .find(Boolean)),
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const opened = await openPortal(stack, { viewport: PHONE });
  await opened.page.goto(link!.replace(/^https?:\/\/[^/]+/, stack.url(tenant, '')));
  await opened.page.getByTestId(pageTestId).waitFor();
  return opened;
}
