import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as TI18n } from 'i18next';
import { detectStaging } from '@stageplein/contracts/client/detect-tenant';
import { isPlatformOperator } from '@stageplein/contracts/organizations/moderation';
import { currentOrganizationFacts } from '../../session/organization-facts.ts';
import { useSession, type TSession } from '../../session/session-context.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { GALLERY_MESSAGES, GALLERY_NAMESPACE } from './gallery-messages.ts';

/** Adds the gallery's texts (namespace `gallery`, both languages) once; true when they are there. */
function registerGalleryMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries(GALLERY_MESSAGES)) {
    if (!i18n.hasResourceBundle(lng, GALLERY_NAMESPACE)) {
      i18n.addResourceBundle(lng, GALLERY_NAMESPACE, messages, true, false);
    }
  }
}

// Where the other pages have always found it; the shell takes it from the session's folder.
export { currentOrganizationFacts } from '../../session/organization-facts.ts';

/**
 * Who may see the gallery: everyone on a staging deployment (the gateway's meta tag, spec §1 flag
 * `STAGING`; `npm start` turns it on), else only the tenant's platform operators (the contracts rule
 * of the audit log and the dev mailbox). 'pending' while the user is still loading.
 */
export function galleryAccess(staging: boolean, session: TSession): 'allow' | 'deny' | 'pending' {
  if (staging) return 'allow';
  if (!session.signedIn) return 'deny';
  if (!session.user) return session.userState === 'error' ? 'deny' : 'pending';
  return isPlatformOperator(session.permissions, currentOrganizationFacts(session)) ? 'allow' : 'deny';
}

/** Shows the page to those who may see the gallery, else the real 404 screen. */
export function GalleryGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { i18n } = useTranslation();
  const [texts, setTexts] = useState(() => i18n.hasResourceBundle('nl', GALLERY_NAMESPACE));
  useLayoutEffect(() => {
    registerGalleryMessages(i18n);
    setTexts(true);
  }, [i18n]);
  const access = galleryAccess(detectStaging(document), session);
  if (access === 'pending' || (access === 'allow' && !texts)) {
    return <div className="container page" aria-busy="true" />;
  }
  if (access === 'deny') return <NotFoundPage />;
  return <>{children}</>;
}
