import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';

/**
 * Spec §1/§2 app mode: the native app (a web view that opens `/app`) of a tenant with the app-mode
 * flag. In app mode zoom is disabled, as in a native app. In an ordinary browser tab the page stays
 * zoomable (WCAG 1.4.4), also for those tenants.
 */
export const APP_MODE_STORAGE_KEY = 'stageplein.app-mode';
export const APP_ENTRY_PATH = '/app';

export const VIEWPORT_DEFAULT = 'width=device-width, initial-scale=1';
export const VIEWPORT_APP_MODE = 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no';

export function isAppMode(
  tenant: Pick<TTenant, 'features'>,
  context: { pathname: string; rememberedAppSession: boolean; standalone: boolean },
): boolean {
  if (!tenant.features.appMode) return false;
  return context.pathname === APP_ENTRY_PATH || context.rememberedAppSession || context.standalone;
}

export function viewportContent(appMode: boolean): string {
  return appMode ? VIEWPORT_APP_MODE : VIEWPORT_DEFAULT;
}
