import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TShownPage } from '@stageplein/contracts/content/prerender';
import { toLanguage, type TLanguage } from '@stageplein/contracts/i18n/index';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { contentKeys, fetchPage, fetchPreview } from './content-queries.ts';

export function useContentLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage) ?? 'nl';
}

/**
 * The published page with this slug (the gateway's copy first). `preview`: a signed-in editor's view of
 * the latest save, asked once their organization is known (the right is theirs acting for it); a
 * visitor who is not signed in sees the published page.
 */
export function useCmsPage(slug: string, previewWanted = false) {
  const api = useApi();
  const lang = useContentLanguage();
  const { signedIn, currentOrganization } = useSession();
  const preview = previewWanted && signedIn;
  const query = useQuery<TShownPage | null>({
    queryKey: preview ? contentKeys.preview(lang, slug) : contentKeys.page(lang, slug),
    queryFn: ({ signal }) => (preview ? fetchPreview : fetchPage)(api, slug, signal),
    enabled: !preview || !!currentOrganization,
    // As long as the content service lets browsers keep it (CONTENT_PUBLIC_MAX_AGE_SECONDS).
    staleTime: preview ? 0 : 60_000,
  });
  return { ...query, preview };
}

/**
 * The page body: HTML the content service rendered from the editor's document and sanitised (two
 * layers, docs/decisions/content.md), so it is inserted as is. Links to this site open in the app.
 */
export function CmsBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a[href]') as HTMLAnchorElement | null;
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || anchor.target) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
  return (
    <div
      className="cms-body"
      data-testid="cms-body"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
