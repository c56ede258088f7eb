import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDiscriminationOrganizationResource } from '@stageplein/contracts/placements/discrimination-reports';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { fetchReportOrganizations, fetchReportsOf, setPause } from './discrimination-api.ts';
import { useDiscriminationTexts } from './discrimination-texts.ts';
import { DiscriminationReportDetail } from './report-detail-page.tsx';
import './discrimination-reports.css';

const ORGANIZATION_PARAM = 'meldingen';
const REPORT_PARAM = 'melding';

/**
 * The school's discrimination reports in `/analytics` (for the School's admins, who alone see this page): a
 * count per organization with its pause, and the reports about the organization chosen (its row's link,
 * kept in the address), each opening `/analytics/meldingen/:id`.
 */
export function DiscriminationReportsSection({ organizationId }: { organizationId: string | undefined }) {
  const { t } = useDiscriminationTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const chosen = params.get(ORGANIZATION_PARAM) ?? undefined;
  const organizations = useQuery({
    queryKey: ['discrimination-organizations', organizationId],
    queryFn: () => fetchReportOrganizations(api.client),
    enabled: !!organizationId,
    retry: false,
  });
  const pause = useMutation({
    mutationFn: (o: TDiscriminationOrganizationResource) => setPause(api.client, o.id, !o.attributes.paused),
    onSuccess: (row) => {
      toast.success(
        t(row.attributes.paused ? 'pausedToast' : 'unpausedToast', { name: row.attributes.name }),
      );
      void queryClient.invalidateQueries({ queryKey: ['discrimination-organizations'] });
      void queryClient.invalidateQueries({ queryKey: ['discrimination-reports'] });
    },
  });
  const rows = organizations.data?.data ?? [];
  const choose = (id: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(ORGANIZATION_PARAM, id);
        else next.delete(ORGANIZATION_PARAM);
        return next;
      },
      { replace: false },
    );
  return (
    <section
      aria-labelledby="discrimination-title"
      className="analytics-section"
      data-testid="discrimination-section"
    >
      <h2 id="discrimination-title">{t('schoolTitle')}</h2>
      <p className="analytics-muted">{t('schoolLead')}</p>
      {organizations.isError && <FormAlert tone="error">{errorMessage(organizations.error, tc)}</FormAlert>}
      {pause.isError && <FormAlert tone="error">{errorMessage(pause.error, tc)}</FormAlert>}
      {organizations.isSuccess && rows.length === 0 && <p>{t('none')}</p>}
      {rows.length > 0 && (
        <table className="discrimination-table" data-testid="discrimination-organizations">
          <thead>
            <tr>
              <th scope="col">{t('organization')}</th>
              <th scope="col">{t('reports')}</th>
              <th scope="col">{t('open')}</th>
              <th scope="col">{t('vacancies')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-testid={`discrimination-organization-${o.id}`}>
                <td>
                  <button
                    type="button"
                    className="btn btn--link"
                    aria-expanded={chosen === o.id}
                    aria-label={t('showReports', { name: o.attributes.name })}
                    onClick={() => choose(chosen === o.id ? undefined : o.id)}
                  >
                    {o.attributes.name}
                  </button>
                </td>
                <td>{o.attributes.report_count}</td>
                <td>{o.attributes.open_count}</td>
                <td>
                  <div className="discrimination-actions">
                    <span data-testid="discrimination-pause-state">
                      {o.attributes.paused ? t('paused') : t('shown')}
                    </span>
                    <button
                      type="button"
                      className={`btn btn--${o.attributes.paused ? 'neutral' : 'primary'}`}
                      aria-disabled={pause.isPending || undefined}
                      data-testid="discrimination-pause"
                      onClick={() => !pause.isPending && pause.mutate(o)}
                    >
                      {o.attributes.paused ? t('unpause') : t('pause')}
                      <span className="visually-hidden"> ({o.attributes.name})</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chosen && <ReportsAbout organizationId={chosen} />}
      {params.get(REPORT_PARAM) && <DiscriminationReportDetail id={params.get(REPORT_PARAM)!} />}
    </section>
  );
}

function ReportsAbout({ organizationId }: { organizationId: string }) {
  const { t, date } = useDiscriminationTexts();
  const api = useApi();
  const reports = useQuery({
    queryKey: ['discrimination-reports', organizationId],
    queryFn: () => fetchReportsOf(api.client, { organization_id: organizationId }),
    retry: false,
  });
  const [params] = useSearchParams();
  const rows = reports.data?.data ?? [];
  if (!reports.data) return <p role="status">{t('loading')}</p>;
  return (
    <ul className="discrimination-list" data-testid="discrimination-reports">
      {rows.map((r) => (
        <li key={r.id}>
          <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), [REPORT_PARAM]: r.id })}`}>
            {r.attributes.reporter?.name ?? ''}, {date(r.attributes.created_at)}
          </Link>{' '}
          ({t(`statuses.${r.attributes.status}`)}):{' '}
          {r.attributes.grounds.map((g) => t(`grounds.${g}`)).join(', ')}
        </li>
      ))}
    </ul>
  );
}
