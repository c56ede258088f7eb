import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import { PERIOD_NEEDED_STATUSES } from '@stageplein/contracts/placements/internship-period-rule';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useActingOrganization } from '../hours/hours-texts.ts';
import {
  editableFieldsOf,
  listInternships,
  personName,
  updateInternship,
  type TInternship,
} from '../internships/internship-api.ts';
import { periodChoiceFor, useSchoolPeriods } from '../internships/internship-periods.ts';
import { useDateRange, useInternshipTexts } from '../internships/internship-texts.tsx';
import { errorMessage } from '../page-kit.tsx';
import { PROGRESS_NAMESPACE, registerProgressMessages } from './progress-messages.ts';

/** The list's query: approved and later internships without a period (the internships list's own filters). */
export const PERIODLESS_QUERY = new URLSearchParams({
  'filter[internship_period_id_null]': 'true',
  'filter[status_in]': PERIOD_NEEDED_STATUSES.join(','),
  include: 'student,organization',
  sort: 'start_date',
  'page[size]': '100',
});

/**
 * Issue #30 item 1: the school's internships still without a period, each with the rule's suggested
 * period preselected and one button to link it (a PATCH; the field must be editable for the caller).
 * Nothing is shown when there are none. For staff pages (progress; a dashboard may show it too).
 */
export function PeriodlessInternships() {
  const { t } = useTranslation(PROGRESS_NAMESPACE);
  const { i18n } = useTranslation();
  registerProgressMessages(i18n);
  const api = useApi();
  const acting = useActingOrganization();
  const list = useQuery({
    queryKey: ['internships', 'periodless', acting.organizationId],
    enabled: acting.ready,
    queryFn: ({ signal }) => listInternships(api.client, PERIODLESS_QUERY, signal),
  });
  const periods = useSchoolPeriods(!!list.data?.total);
  if (!list.data?.total) return null;
  return (
    <section
      className="card progress-periodless"
      aria-labelledby="progress-periodless"
      data-testid="progress-periodless"
    >
      <h2 id="progress-periodless">
        {t('periodless.title')} ({list.data.total})
      </h2>
      <p>{t('periodless.lead')}</p>
      <ul className="progress-periodless__rows">
        {list.data.internships.map((i) => (
          <PeriodlessRow key={i.id} internship={i} periods={periods.data} />
        ))}
      </ul>
    </section>
  );
}

function PeriodlessRow({ internship: i, periods }: { internship: TInternship; periods?: TPeriodRef[] }) {
  const { t } = useTranslation(PROGRESS_NAMESPACE);
  const { t: tShared } = useTranslation();
  const ti = useInternshipTexts();
  const dates = useDateRange();
  const api = useApi();
  const queryClient = useQueryClient();
  const choice = periods ? periodChoiceFor(periods, i.startDate) : undefined;
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const periodId = chosen ?? choice?.suggested?.id ?? '';
  const name = personName(i.student) || i.title;
  const link = useMutation({
    mutationFn: () => updateInternship(api.client, i.id, { internshipPeriodId: periodId }),
    onSuccess: async () => {
      const period = choice?.choices.find((p) => p.id === periodId)?.name ?? '';
      toast.success(t('periodless.linked', { name, period }));
      await queryClient.invalidateQueries({ queryKey: ['internships'] });
      await queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
  });
  const editable = editableFieldsOf(i).includes('internship_period_id');
  const selectId = `periodless-${i.id}`;
  return (
    <li className="progress-periodless__row" data-testid="progress-periodless-row">
      <p>
        <Link to={`/internships/${encodeURIComponent(i.id)}`}>
          <strong>{name}</strong>
        </Link>{' '}
        · {i.organization?.name ?? i.organizationName ?? i.title} · {ti(`statuses.${i.status}`)}
        {(i.startDate || i.endDate) && (
          <span className="progress-muted"> · {dates(i.startDate, i.endDate)}</span>
        )}
      </p>
      {link.error !== null && <FormAlert tone="error">{errorMessage(link.error, tShared)}</FormAlert>}
      {editable &&
        choice &&
        (choice.choices.length === 0 ? (
          <p className="progress-muted">{t('periodless.noPeriods')}</p>
        ) : (
          <div className="progress-periodless__fix">
            <label htmlFor={selectId} className="progress-filter">
              <span>{t('periodless.period', { name })}</span>
              <select
                id={selectId}
                className="field__input"
                value={periodId}
                onChange={(e) => setChosen(e.target.value)}
              >
                {choice.choices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({dates(p.startDate, p.endDate)})
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!periodId || link.isPending}
              onClick={() => link.mutate()}
              data-testid="progress-periodless-link"
            >
              {t('periodless.link')}
            </button>
          </div>
        ))}
    </li>
  );
}
