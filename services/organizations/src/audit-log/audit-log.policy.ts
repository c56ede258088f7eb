import { isPlatformOperator } from '@stageplein/contracts/organizations/moderation';
import type { TCaller } from '../shared/caller.ts';

/**
 * Who reads the audit log: the tenant's platform operators (admins of an approved VolunteerCenter, the
 * contracts rule `isPlatformOperator`), who see every entry of their tenant; RLS keeps other tenants out.
 */
export const auditLogPolicy = {
  list: (caller: TCaller) => isPlatformOperator(caller.permissions, caller.current),
};
