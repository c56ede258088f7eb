import type { Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA } from '../database.ts';
import { emit } from '../shared/events.ts';
import type { TDb } from '../shared/request.ts';

/**
 * Group memberships and mentorships reference users by the role they hold at a school. When identity
 * takes that role (or the whole account) away, they go too, each with its own event, so nothing
 * keeps pointing at a student who left.
 */
export function roleCleanupConsumer(db: Kysely<unknown>): TConsumer {
  return idempotentConsumer({
    db,
    schema: SCHEMA,
    group: `${SCHEMA}.role-cleanup`,
    types: ['identity.role.removed', 'identity.user.deleted'],
    async apply(trx, event) {
      const tdb = trx as unknown as TDb;
      const tenant = event.tenant as TTenantId;
      let userId: string;
      let schoolId: string | undefined;
      let asStudent = true;
      let asMentor = true;
      if (event.type === 'identity.role.removed') {
        const role = EVENT_PAYLOADS['identity.role.removed'].parse(event.data);
        if (role.name !== 'student' && role.name !== 'mentor') return;
        userId = role.user_id;
        schoolId = role.resource_id;
        asStudent = role.name === 'student';
        asMentor = role.name === 'mentor';
      } else {
        userId = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data).user_id;
      }

      if (asStudent) {
        const memberships = await tdb
          .deleteFrom('organizations.group_memberships')
          .where('student_id', '=', userId)
          .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
          .returningAll()
          .execute();
        for (const m of memberships) {
          await emit(tdb, tenant, 'system', 'organizations.group_membership.changed', userId, {
            school_id: m.school_id,
            student_id: userId,
            group_id: null,
            previous_group_id: m.group_id,
          });
        }
      }
      const mentorships = await tdb
        .deleteFrom('organizations.mentorships')
        .where((eb) =>
          eb.or([
            ...(asStudent ? [eb('student_id', '=', userId)] : []),
            ...(asMentor ? [eb('mentor_id', '=', userId)] : []),
          ]),
        )
        .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
        .returningAll()
        .execute();
      for (const m of mentorships) {
        await emit(tdb, tenant, 'system', 'organizations.mentorship.removed', m.id, {
          mentorship_id: m.id,
          school_id: m.school_id,
          mentor_id: m.mentor_id,
          student_id: m.student_id,
        });
      }
    },
  });
}
