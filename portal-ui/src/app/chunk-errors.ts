import type { ComponentType } from 'react';

/**
 * Spec §8: a failed chunk load means a new build replaced the old files; the remedy is a full page
 * load of the page the user was going to (guarded against loops by the reload guard).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(
      `Failed to load a part of the application: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadFailure(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && (CHUNK_FAILURE.test(error.message) || CHUNK_FAILURE.test(error.name));
}

/** A component that fails with `error` when rendered, so the route's error boundary handles it. */
export function failingComponent(error: unknown): ComponentType {
  const Failed = (): never => {
    throw error;
  };
  return Failed;
}

/**
 * A route's lazy page that never rejects: React Router treats a route whose `lazy` rejected as still
 * loading and renders nothing for it (not its error boundary). A failed import therefore resolves
 * to a component that throws the error (a ChunkLoadError for chunk failures) while rendering, which
 * the route's error boundary turns into a full reload or the error screen.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return () =>
    load().then(
      (module) => ({ Component: pick(module) }),
      (error: unknown) => ({
        Component: failingComponent(isChunkLoadFailure(error) ? new ChunkLoadError(error) : error),
      }),
    );
}
