import { createContext, useContext } from 'react';
import type { TPortalApi } from './portal-api.ts';

export const ApiContext = createContext<TPortalApi | undefined>(undefined);

export function useApi(): TPortalApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiContext.Provider>');
  return api;
}
