import { createContext, useContext } from 'react';

/**
 * The path the gateway answered with its static 404 page (it fills `<div id="root">` with
 * `<main class="static-error">`), read once before React replaces that content. The layouts show
 * the 404 screen for it, so the client never contradicts the server.
 */
export const ServerNotFoundContext = createContext<string | undefined>(undefined);

export function useServerNotFoundPath(): string | undefined {
  return useContext(ServerNotFoundContext);
}

export function serverNotFoundPath(root: Element, pathname: string): string | undefined {
  return root.querySelector('.static-error') ? pathname : undefined;
}
