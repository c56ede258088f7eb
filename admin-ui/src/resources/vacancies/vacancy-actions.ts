import { VACANCY_ACTIONS, type TVacancyAction } from '@stageplein/contracts/placements/vacancies';
import { canAccess, type TAdminPermissions } from '../../providers/access.ts';

/**
 * The status actions this caller may take on this vacancy now (publish, close, archive for its
 * organization's admins; hide, unhide for moderators), in the API's order: exactly what
 * contracts/placements/vacancy-policy.ts lets the placements service accept.
 */
export function vacancyActionsFor(
  permissions: TAdminPermissions | undefined,
  record: Record<string, unknown> | undefined,
): TVacancyAction[] {
  if (!record) return [];
  return VACANCY_ACTIONS.filter((action) => canAccess(permissions, 'vacancies', action, record));
}
