import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import type { TFunction } from 'i18next';
import { usePageTitle } from '../shell/use-page-title.ts';
import { useManifestRoute } from './use-manifest-route.ts';

/** The page's manifest title, translated, also set as the document title (spec §1 format). */
export function useRouteTitle(override?: string): string {
  const { t } = useTranslation();
  const route = useManifestRoute();
  const title = override ?? (route ? t(route.titleKey) : '');
  usePageTitle(title);
  return title;
}

/** A readable message for a failed call: the API's own (localized) text, else a generic one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiRequestError(error)) {
    if (error.status === undefined) return t('portal.errors.network');
    const first = error.errors[0];
    return first?.detail ?? first?.title ?? t('errors.generic.body');
  }
  return error instanceof Error && error.message ? error.message : t('errors.generic.body');
}

/** A centred card for the sign-in and account flows. */
export function AuthCard({
  title,
  intro,
  children,
  wide,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="container page auth-page">
      <div className={`card auth-card${wide ? ' auth-card--wide' : ''}`}>
        <h1 data-testid="page-title">{title}</h1>
        {intro && <div className="page__lead">{intro}</div>}
        {children}
      </div>
    </div>
  );
}

/** A page with a title and optional lead. */
export function Page({
  title,
  lead,
  children,
  testId,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="container page" data-testid={testId}>
      <h1 data-testid="page-title">{title}</h1>
      {lead && <div className="page__lead">{lead}</div>}
      {children}
    </div>
  );
}
