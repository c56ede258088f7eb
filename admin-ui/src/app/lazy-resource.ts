import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type TScreens = Record<string, ComponentType | undefined>;
type TLazyScreens<M extends TScreens> = { [K in keyof M]-?: LazyExoticComponent<ComponentType> };

/**
 * The screens of one resource folder as lazy components: the folder's module is its own chunk
 * (bundle split per resource), loaded the first time one of its screens shows.
 */
export function lazyResource<M extends TScreens>(
  load: () => Promise<M>,
  names: readonly (keyof M & string)[],
): TLazyScreens<M> {
  let module: Promise<M> | undefined;
  const once = () => (module ??= load());
  const out = {} as TLazyScreens<M>;
  for (const name of names) {
    out[name] = lazy(async () => {
      const screen = (await once())[name];
      if (!screen) throw new Error(`The resource module has no "${name}" screen`);
      return { default: screen };
    });
  }
  return out;
}
