import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { API_PATHS, isApiRequestError } from '@stageplein/contracts/client/api-client';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { toLanguage } from '@stageplein/contracts/i18n/index';
import { useApi } from '../../api/api-context.ts';
import { contentKeys } from '../../pages/content/content-keys.ts';
import { useSession } from '../../session/session-context.ts';
import {
  buildMainMenu,
  defaultMenuSource,
  MAIN_MENU_SLUG,
  MENU_ITEM_PAGE_SIZE,
  withoutSignIn,
  type TCmsMenu,
  type TCmsMenuItem,
  type TMenuEntry,
} from './main-menu-model.ts';

type TMenuSource = { source: 'cms'; menus: TCmsMenu[]; items: TCmsMenuItem[] } | { source: 'default' };

/**
 * The main menu (spec §2): read from the content service's CMS menus (per language, as their titles
 * are; the gateway's prerendered copy first), the built-in default menu only when that call fails.
 */
export function useMainMenu(): { entries: TMenuEntry[]; ready: boolean } {
  const api = useApi();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { signedIn } = useSession();
  const lang = toLanguage(i18n.resolvedLanguage) ?? 'nl';

  const query = useQuery<TMenuSource>({
    queryKey: contentKeys.menu(lang),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const menus = readCollectionDocument<{ slug: string }>(
          await api.client.get<TRawDocument>(API_PATHS.cmsMenus, { signal, authenticate: false }),
        ).data.map((m) => ({ id: m.id, slug: m.slug }));
        const main = menus.find((m) => m.slug === MAIN_MENU_SLUG);
        if (!main) return { source: 'cms', menus, items: [] };
        const items = readCollectionDocument<Omit<TCmsMenuItem, 'id'>>(
          await api.client.get<TRawDocument>(API_PATHS.cmsMenuItems, {
            signal,
            authenticate: false,
            query: { filter: { menuIdEq: main.id }, page: { size: MENU_ITEM_PAGE_SIZE } },
          }),
        ).data;
        return { source: 'cms', menus, items };
      } catch (error) {
        if (isApiRequestError(error) && error.status === 404) return { source: 'default' };
        throw error;
      }
    },
  });

  const data = query.data ?? (query.isError ? { source: 'default' as const } : undefined);
  if (!data) return { entries: [], ready: false };
  const { menus, items } = data.source === 'cms' ? data : defaultMenuSource(lang);
  const entries = buildMainMenu(menus, items, pathname);
  return { entries: signedIn ? withoutSignIn(entries) : entries, ready: true };
}
