import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary where the gateway's served markup has one (contracts/content/prerender-id.ts):
 * the served content hydrates inside its own, and the parts the gateway does not render (header,
 * footer, loading bar, toasts) are client-rendered boundaries there — React then replaces only those,
 * and a mismatch in one part (a signed-in header) re-renders that part, not the served content.
 */
export function ServedPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
