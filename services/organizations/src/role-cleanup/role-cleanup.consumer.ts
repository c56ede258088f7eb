import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import type { TServiceDeps } from '@stageplein/kit/service';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';
import { forgetRoleHolder, type TRoleLoss } from './role-cleanup.service.ts';

/** What identity's event takes away: a student's or mentor's role at a school, or the whole account. */
function lossOf(event: TEventEnvelope): TRoleLoss | null {
  if (event.type === 'identity.role.removed') {
    const role = EVENT_PAYLOADS['identity.role.removed'].parse(event.data);
    if (role.name !== 'student' && role.name !== 'mentor') return null;
    return {
      userId: role.user_id,
      schoolId: role.resource_id,
      asStudent: role.name === 'student',
      asMentor: role.name === 'mentor',
    };
  }
  const userId = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data).user_id;
  return { userId, asStudent: true, asMentor: true };
}

/** A role or account identity took away: its memberships and mentorships go (one use case). */
export const roleCleanupConsumer = (deps: TServiceDeps): TConsumer =>
  useCaseConsumer<TOrganizationsDb>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.role-cleanup`,
    types: ['identity.role.removed', 'identity.user.deleted'],
    async run(ctx, event) {
      const loss = lossOf(event);
      if (loss) await forgetRoleHolder(ctx, loss);
    },
  });
