import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMenuEntry } from './menu/main-menu-model.ts';

/** Desktop: the main items as tabs, and the sub-items of the active main item as a second row. */
export function MainMenuTabs({ entries, ready }: { entries: TMenuEntry[]; ready: boolean }) {
  const { t } = useTranslation();
  const active = entries.find((e) => e.active && e.children.length);
  return (
    <nav
      className="site-header__tabs"
      aria-label={t('portal.menu.main')}
      data-testid="main-menu"
      data-ready={ready}
    >
      <div className="container">
        <ul className="tabs">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to={entry.path}
                className={`tab${entry.active ? ' tab--active' : ''}`}
                aria-current={entry.active && !entry.children.some((c) => c.active) ? 'page' : undefined}
              >
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {active && (
        <div className="subtabs">
          <div className="container">
            <ul className="tabs tabs--sub" aria-label={active.title}>
              {active.children.map((child) => (
                <li key={child.id}>
                  <Link
                    to={child.path}
                    className={`tab tab--sub${child.active ? ' tab--active' : ''}`}
                    aria-current={child.active ? 'page' : undefined}
                    data-testid="sub-item"
                  >
                    {child.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </nav>
  );
}

/** Phone: the same menu as a nested list, inside the side panel. */
export function MainMenuList({ entries, onNavigate }: { entries: TMenuEntry[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('portal.menu.main')} className="menu-list">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link
              to={entry.path}
              className={`menu-list__link${entry.active ? ' menu-list__link--active' : ''}`}
              aria-current={entry.active && !entry.children.some((c) => c.active) ? 'page' : undefined}
              onClick={onNavigate}
            >
              {entry.title}
            </Link>
            {entry.children.length > 0 && (
              <ul>
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <Link
                      to={child.path}
                      className={`menu-list__link menu-list__link--sub${child.active ? ' menu-list__link--active' : ''}`}
                      aria-current={child.active ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {child.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
