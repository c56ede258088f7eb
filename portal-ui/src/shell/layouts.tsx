import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { useSession } from '../session/session-context.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ServedPart } from './served-part.tsx';
import { useServerNotFoundPath } from './server-not-found.ts';

/**
 * Counts switches from one selected organization to another. The first one arriving (after signing
 * in or loading) is no switch: re-mounting then would drop the focus of someone already tabbing.
 */
function useOrganizationSwitches(id: string | undefined): number {
  const last = useRef(id);
  const switches = useRef(0);
  // Idempotent within a render pass (StrictMode renders twice): the second sees `last` already set.
  if (id && last.current && id !== last.current) switches.current += 1;
  if (id) last.current = id;
  return switches.current;
}

/** The page; re-keyed when the selected organization changes (spec §2), so it starts afresh. */
function Content() {
  const { pathname } = useLocation();
  const { currentOrganization } = useSession();
  const switches = useOrganizationSwitches(currentOrganization?.id);
  if (useServerNotFoundPath() === pathname) return <NotFoundPage />;
  return <Outlet key={switches} />;
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
      {/* The boundaries match the gateway's served page (served-part.tsx). */}
      <ServedPart>
        <SkipLink />
        <Header />
      </ServedPart>
      <main id="main" className="layout__main" tabIndex={-1}>
        <ServedPart>
          <Content />
        </ServedPart>
      </main>
      <ServedPart>
        <Footer />
      </ServedPart>
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
