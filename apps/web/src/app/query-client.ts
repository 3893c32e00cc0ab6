import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from '../shared/api/client.ts';
import { systemStatusQuery } from '../shared/system/api/get-status.ts';

/** Worth another try: the link or the server failed, not the request itself. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === NETWORK_ERROR || error.status >= 500 || error.status === 0)
  );
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // Any call answered "maintenance" or "region blocked" means the app state changed under us.
        if (error instanceof ApiError && (error.code === 'MAINTENANCE' || error.code === 'REGION_BLOCKED')) {
          void client.invalidateQueries({ queryKey: systemStatusQuery.queryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => isTransient(error) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
