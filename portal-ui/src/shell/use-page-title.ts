import { useEffect } from 'react';
import { pageTitle } from '@stageplein/contracts/tenants/tenant-registry';
import { useTenant } from '../tenant/tenant-context.ts';

/** Sets `document.title` to "{page title} - {app name}" (spec §1) while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  const { appName } = useTenant();
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}
