import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayImportStudents } from '@stageplein/contracts/organizations/organizations-policy';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { Page, useRouteTitle } from '../page-kit.tsx';
import { IMPORT_PARAM, ImportStatus } from './import-status.tsx';

/**
 * The frame of every import page (CSV, Magister, groups): a loading state until the selected organization
 * is known (who may import depends on it), the 403 screen unless contracts' rule allows it (an admin of
 * the current, approved School; the API refuses everyone else too), the page's own form for that School,
 * and the import it started (`?import=` in the address) followed as every import is (import-status.tsx).
 */
export function ImportPage({
  lead,
  testId,
  changes = false,
  form,
}: {
  lead: string;
  testId: string;
  /** Highlight what changed (new, changed, left the school): the roster sources that sync. */
  changes?: boolean;
  form: (schoolId: string, onStarted: (importId: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const session = useSession();
  const { user, permissions, currentOrganization, organizationsState } = session;
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM) ?? undefined;
  const organizationPending =
    !currentOrganization && organizationsState !== 'success' && organizationsState !== 'error';
  if (!user || organizationPending) {
    return (
      <Page title={title}>
        <p role="status">{t('shell.loading')}</p>
      </Page>
    );
  }
  if (!currentOrganization || !mayImportStudents(permissions, currentOrganizationFacts(session))) {
    return <StatusErrorScreen status={403} />;
  }
  return (
    <Page title={title} lead={lead} testId={testId}>
      <div className="import-layout">
        {form(currentOrganization.id, (id) => setParams({ [IMPORT_PARAM]: id }))}
        {importId && <ImportStatus id={importId} changes={changes} />}
      </div>
    </Page>
  );
}
