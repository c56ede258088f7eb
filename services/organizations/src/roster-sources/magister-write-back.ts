import type { Kysely } from 'kysely';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import {
  magisterInternshipPath,
  type TMagisterInternshipRecord,
} from '@stageplein/contracts/imports/magister-write-back';
import {
  WRITE_BACK_REJECTED,
  type TWriteBackOutcome,
  type TWriteBackWork,
} from '@stageplein/contracts/workflows/names';
import type { TConfig } from '@stageplein/kit/config/config';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TOrganizationsDb } from '../database.ts';
import { magisterClient, RosterSourceError, type TMagisterClientOptions } from './magister.client.ts';
import { openMagisterConnection } from './roster-connections.service.ts';

/** Magister's record of one internship (contracts' magister-write-back.ts). */
export const magisterRecordOf = (w: TWriteBackWork): TMagisterInternshipRecord => ({
  bedrijf: w.organizationName,
  begindatum: w.startDate,
  einddatum: w.endDate,
  urenGerealiseerd: w.hoursDone,
  urenVereist: w.hoursRequired,
  beoordeling: w.grade,
});

function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // Called outside an activity (tests call the functions directly).
  }
}

/**
 * Organizations' side of the write-back workflow (docs/decisions/write-back.md): the school's student
 * numbers (its enrolments) and its Magister connection. A student without a number at the school is
 * refused; for a file the rest is `exported`; to Magister each internship is one `PUT` under its own id,
 * so a retried batch writes the same records again rather than new ones. Magister answering 404 (no such
 * student) or another 4xx refuses that internship; what the school must fix (no connection, credentials,
 * consent, address) fails the run without retrying; unavailability and rate limits beyond the client's
 * patience are retried by Temporal.
 */
export function createWriteBackSendActivities(deps: {
  db: Kysely<unknown>;
  config: TConfig;
  magister: TMagisterClientOptions;
}) {
  return {
    async writeBackSend(input: {
      tenant: string;
      schoolId: string;
      target: 'magister' | 'file';
      items: TWriteBackWork[];
    }): Promise<TWriteBackOutcome[]> {
      const { numbers, connection } = await serviceDb<TOrganizationsDb>(deps.db)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, input.tenant);
          const ids = [...new Set(input.items.map((i) => i.studentId))];
          const rows = ids.length
            ? await trx
                .selectFrom('organizations.student_enrolments')
                .select(['student_id', 'student_number'])
                .where('school_id', '=', input.schoolId)
                .where('student_id', 'in', ids)
                .execute()
            : [];
          return {
            numbers: new Map(
              rows.filter((r) => r.student_number).map((r) => [r.student_id, r.student_number]),
            ),
            connection:
              input.target === 'magister'
                ? await openMagisterConnection({ db: trx, config: deps.config }, input.schoolId)
                : undefined,
          };
        });
      if (input.target === 'magister' && !connection)
        throw ApplicationFailure.nonRetryable('roster_not_configured', WRITE_BACK_REJECTED);
      let client: ReturnType<typeof magisterClient> | undefined;
      try {
        client = connection ? magisterClient(connection, deps.magister) : undefined;
      } catch (error) {
        if (error instanceof RosterSourceError)
          throw ApplicationFailure.nonRetryable(error.code, WRITE_BACK_REJECTED);
        throw error;
      }
      const outcomes: TWriteBackOutcome[] = [];
      for (const item of input.items) {
        heartbeat();
        const studentNumber = numbers.get(item.studentId) ?? null;
        if (!studentNumber) {
          outcomes.push({
            internshipId: item.internshipId,
            state: 'refused',
            reason: 'no_student_number',
            studentNumber,
          });
          continue;
        }
        if (!client) {
          outcomes.push({ internshipId: item.internshipId, state: 'exported', reason: null, studentNumber });
          continue;
        }
        try {
          await client.put(magisterInternshipPath(studentNumber, item.internshipId), magisterRecordOf(item));
          outcomes.push({ internshipId: item.internshipId, state: 'sent', reason: null, studentNumber });
        } catch (error) {
          if (!(error instanceof RosterSourceError)) throw error;
          if (error.code === 'not_found' || error.code === 'bad_response')
            outcomes.push({
              internshipId: item.internshipId,
              state: 'refused',
              reason: error.code === 'not_found' ? 'student_unknown' : 'rejected',
              studentNumber,
            });
          else if (error.retryable) throw error;
          else throw ApplicationFailure.nonRetryable(error.code, WRITE_BACK_REJECTED);
        }
      }
      return outcomes;
    },
  };
}

export type TWriteBackSendActivities = ReturnType<typeof createWriteBackSendActivities>;
