import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import { listInternships, LIST_INCLUDES, personName } from './internship-api.ts';
import { StatusBadge, useDateRange, useInternshipTexts } from './internship-texts.tsx';

export type TDashboardInternshipsOf = 'student' | 'organization' | 'school';

const HEADING = {
  student: 'dashboard.title',
  organization: 'dashboard.titleOrganization',
  school: 'dashboard.titleSchool',
} as const;

/**
 * The dashboard's own internships (its own chunk): the newest few the user sees — a student their
 * own, an organization its interns and applicants, a school (or mentor) its students' — each leading
 * to `/internships/{id}`, and a link to the whole list.
 */
export function DashboardInternships({
  of,
  organizationId,
}: {
  of: TDashboardInternshipsOf;
  organizationId: string;
}) {
  const t = useInternshipTexts();
  const api = useApi();
  const dates = useDateRange();
  const params = new URLSearchParams({ include: LIST_INCLUDES, sort: '-created_at', 'page[size]': '5' });
  const list = useQuery({
    queryKey: ['internships', organizationId, 'dashboard'],
    queryFn: ({ signal }) => listInternships(api.client, params, signal),
  });
  return (
    <section
      className="dashboard-internships"
      aria-labelledby="dashboard-internships"
      data-testid="dashboard-internships"
    >
      <h2 id="dashboard-internships">{t(HEADING[of])}</h2>
      {list.isError ? (
        <p>{t('loadError')}</p>
      ) : !list.data ? (
        <p role="status">{t('loading')}</p>
      ) : list.data.internships.length === 0 ? (
        <p data-testid="dashboard-internships-empty">{t('dashboard.empty')}</p>
      ) : (
        <ul className="internship-cards internship-cards--always">
          {list.data.internships.map((i) => (
            <li key={i.id} className="card internship-card" data-testid="dashboard-internship">
              <h3 className="internship-card__title">
                <Link to={`/internships/${i.id}`}>{i.title}</Link>
              </h3>
              <p>
                {of === 'student'
                  ? (i.organization?.name ?? i.organizationName ?? '')
                  : [personName(i.student), i.organization?.name ?? i.organizationName]
                      .filter(Boolean)
                      .join(' · ')}
              </p>
              <p>
                <StatusBadge status={i.status} />
              </p>
              <p className="muted">{dates(i.startDate, i.endDate)}</p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/internships" data-testid="dashboard-internships-all">
          {t('dashboard.all')}
        </Link>
      </p>
    </section>
  );
}
