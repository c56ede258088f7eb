import { createContext, useContext } from 'react';

/**
 * Whether a path opens a real screen (router.tsx `hasScreen`), handed to the pages by the app: a page
 * cannot import the router, which loads the page (an import cycle).
 */
export const ScreensContext = createContext<((path: string) => boolean) | null>(null);

export function useHasScreen(): (path: string) => boolean {
  const hasScreen = useContext(ScreensContext);
  if (!hasScreen) throw new Error('useHasScreen: no ScreensContext (the App provides it)');
  return hasScreen;
}
