import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HOURS_CONFIRMATION_PATH } from '@stageplein/contracts/placements/hours-policy';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import { fetchHoursSheet, type THoursSheet } from './hours-api.ts';
import { useActingOrganization, useHoursTexts } from './hours-texts.ts';
import { QrCode } from './qr-code.tsx';
import './hours.css';

/** Lines on one A4 sheet below the facts. */
const LINES = 16;

/**
 * `/urenbriefje/{id}` (empty layout): the printable A4 timesheet of one internship, on tenants with
 * paper timesheets (spec §1: stageplein). The student's and workplace's details, empty lines for date,
 * hours, work and the supervisor's initials, the signature, and a QR code that opens the digital
 * confirmation (`/urenbevestiging?stage=<id>`, which mails the link to the registered supervisor).
 */
export function TimesheetPage() {
  const { t } = useHoursTexts();
  const title = useRouteTitle(t('sheetTitle'));
  const { id = '' } = useParams();
  const tenant = useTenant();
  const api = useApi();
  const { t: tc } = useTranslation();
  const acting = useActingOrganization();
  const sheet = useQuery({
    queryKey: ['hours-sheet', id, acting.organizationId],
    queryFn: ({ signal }) => fetchHoursSheet(api.client, id, signal),
    enabled: tenant.features.paperTimesheets && acting.ready,
    retry: false,
  });
  if (!tenant.features.paperTimesheets) return <StatusErrorScreen status={404} message={t('paperOnly')} />;
  if (sheet.isError) {
    return (
      <div className="container page">
        <FormAlert tone="error">{errorMessage(sheet.error, tc)}</FormAlert>
      </div>
    );
  }
  if (!sheet.data) return <p role="status">{t('loading')}</p>;
  return <Timesheet title={title} sheet={sheet.data} />;
}

function Timesheet({ title, sheet }: { title: string; sheet: THoursSheet }) {
  const { t, hours, date } = useHoursTexts();
  const confirmUrl = `${window.location.origin}${HOURS_CONFIRMATION_PATH}?stage=${encodeURIComponent(sheet.internshipId)}`;
  const dates = [sheet.startsOn, sheet.endsOn]
    .filter((d): d is string => !!d)
    .map(date)
    .join(' – ');
  const facts: [string, string | null][] = [
    [t('student'), sheet.studentName],
    [t('school'), sheet.schoolName],
    [t('organization'), sheet.organizationName],
    [t('supervisor'), sheet.supervisorName],
    [t('period'), sheet.internshipPeriodName],
    [t('internshipDates'), dates || null],
    [t('requiredHours'), sheet.requiredHours === null ? null : hours(sheet.requiredHours)],
  ];
  return (
    <article className="timesheet" data-testid="timesheet">
      <div className="timesheet__toolbar">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>
      <header className="timesheet__head">
        <div>
          <h1 data-testid="page-title">{title}</h1>
          <dl className="timesheet__facts">
            {facts
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>
        </div>
        <figure className="timesheet__qr">
          <QrCode value={confirmUrl} label={t('qrHint')} />
          <figcaption>{t('qrHint')}</figcaption>
        </figure>
      </header>
      <p>{t('sheetInstructions')}</p>
      <table className="timesheet__table">
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('hours')}</th>
            <th scope="col">{t('descriptionColumn')}</th>
            <th scope="col">{t('supervisor')}</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: LINES }, (_, i) => (
            <tr key={i}>
              <td />
              <td />
              <td />
              <td />
            </tr>
          ))}
          <tr>
            <th scope="row">{t('total')}</th>
            <td />
            <td />
            <td />
          </tr>
        </tbody>
      </table>
      <div className="timesheet__sign">
        <div>
          <p>{t('signature')}</p>
          <div className="timesheet__line" />
        </div>
        <div>
          <p>{t('date')}</p>
          <div className="timesheet__line" />
        </div>
      </div>
    </article>
  );
}
