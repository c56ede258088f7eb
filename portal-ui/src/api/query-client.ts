import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';

/** Server state (TanStack Query): client errors are final, server and network errors retried twice. */
export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiRequestError(error) && error.status !== undefined && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
