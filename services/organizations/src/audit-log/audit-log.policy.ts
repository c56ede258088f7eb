import {
  isPlatformOperator,
  type TCurrentOrganizationFacts,
} from '@stageplein/contracts/organizations/moderation';
import type { TAuth } from '@stageplein/kit/auth/auth.types';

/**
 * Who reads the audit log: the tenant's platform operators (admins of an approved VolunteerCenter, the
 * contracts rule `isPlatformOperator`), who see every entry of their tenant; RLS keeps other tenants out.
 */
export const auditLogPolicy = {
  list: (auth: TAuth, { current }: { current: TCurrentOrganizationFacts | null }) =>
    isPlatformOperator(auth.permissions, current),
};
