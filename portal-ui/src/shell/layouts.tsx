import { Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useServerNotFoundPath } from './server-not-found.ts';

function Content() {
  const { pathname } = useLocation();
  return useServerNotFoundPath() === pathname ? <NotFoundPage /> : <Outlet />;
}

/** Spec §2 default layout: sticky header, the page, the footer. */
export function DefaultLayout() {
  return (
    <div className="layout">
      <Header />
      <main id="main" className="layout__main">
        <Content />
      </main>
      <Footer />
    </div>
  );
}

/** Spec §2 empty layout (signing, public forms, hours sheets): the page only. */
export function EmptyLayout() {
  return (
    <main id="main" className="layout layout--empty">
      <Content />
    </main>
  );
}
