import type { ReactNode } from 'react';
import './app-header.css';

export interface TAppHeaderProps {
  /** Before the app name, e.g. the button that opens the menu panel or drawer. */
  start?: ReactNode;
  /** The app name (a link home in the portal). */
  brand: ReactNode;
  /** After the app name, e.g. the page title in the back office. */
  middle?: ReactNode;
  /** At the end: organization picker, account menu, language and colour mode. */
  actions?: ReactNode;
  /** Below the bar, e.g. the portal's main menu tabs. */
  children?: ReactNode;
  /** `container` centres the bar like the portal's pages; the back office uses the full width. */
  width?: 'container' | 'full';
}

/** The one header of the portal and the back office (spec §2, §9): sticky, tenant-coloured top edge. */
export function AppHeader({ start, brand, middle, actions, children, width = 'container' }: TAppHeaderProps) {
  return (
    <header className="site-header">
      <div className={`site-header__bar ${width === 'container' ? 'container' : 'site-header__bar--full'}`}>
        {start}
        {brand}
        {middle}
        <div className="site-header__actions">{actions}</div>
      </div>
      {children}
    </header>
  );
}
