import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { useSession } from '../session/session-context.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useServerNotFoundPath } from './server-not-found.ts';

/** The page; re-keyed when the selected organization changes (spec §2), so it starts afresh. */
function Content() {
  const { pathname } = useLocation();
  const { currentOrganization } = useSession();
  if (useServerNotFoundPath() === pathname) return <NotFoundPage />;
  return <Outlet key={currentOrganization?.id ?? 'no-organization'} />;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('portal.skipToContent')}
    </a>
  );
}

/** Spec §2 default layout: sticky header, the page, the footer. */
export function DefaultLayout() {
  return (
    <div className="layout">
      <SkipLink />
      <Header />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Content />
      </main>
      <Footer />
    </div>
  );
}

/** Spec §2 empty layout (signing, public forms, hours sheets): the page only. */
export function EmptyLayout() {
  return (
    <main id="main" className="layout layout--empty" tabIndex={-1}>
      <Content />
    </main>
  );
}
