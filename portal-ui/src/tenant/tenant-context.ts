import { createContext, useContext } from 'react';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';

export const TenantContext = createContext<TTenant | undefined>(undefined);

/** The tenant this page was served for (set once at start-up; a tenant never changes in a page). */
export function useTenant(): TTenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant() needs a <TenantContext.Provider>');
  return tenant;
}
