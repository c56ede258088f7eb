import { useQuery } from '@tanstack/react-query';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { dutchDate } from '@stageplein/contracts/domain/school-years';
import type { TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import { internshipPeriodChoice } from '@stageplein/contracts/placements/internship-period-rule';
import { useApi } from '../../api/api-context.ts';
import { useActingOrganization } from '../hours/hours-texts.ts';

/**
 * The current School's periods in scope (organizations' `GET /api/v1/internship_periods`, spec §4),
 * for choosing an internship's period (issue #30 item 1). `enabled`: only where a choice is offered.
 */
export function useSchoolPeriods(enabled = true) {
  const api = useApi();
  const acting = useActingOrganization();
  return useQuery({
    queryKey: ['internship-periods', acting.organizationId],
    enabled: enabled && acting.ready,
    queryFn: async ({ signal }) =>
      readCollectionDocument<Omit<TPeriodRef, 'id'>>(
        await api.client.get<TRawDocument>('/api/v1/internship_periods', { signal }),
      ).data as TPeriodRef[],
  });
}

/** The rule's choices and suggestion for one internship (the server takes the same suggestion). */
export const periodChoiceFor = (periods: readonly TPeriodRef[], startDate: string | null) =>
  internshipPeriodChoice(periods, { startDate }, dutchDate(new Date()));
