import { lazy, type ComponentType } from 'react';

/**
 * A part of the shell that is not needed for the first paint (the side panel, the account menu),
 * loaded when first shown. If its chunk cannot be loaded, the part stays away instead of taking the
 * page down (the next full page load tries again).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: (() => null) as ComponentType<P> }),
    ),
  );
}
