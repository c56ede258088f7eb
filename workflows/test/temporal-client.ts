import type { Client } from '@temporalio/client';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';

/**
 * A test's own Temporal client as the product's (kit's `TTemporalClient`), for the services' code a test
 * drives against its test server (a schedule set, a workflow signalled): always connected and reachable,
 * no call deadline (the test's timeout bounds the call), and closing is left to whoever opened `client`.
 */
export const temporalClientOf = (client: Client): TTemporalClient => ({
  connect: async () => client,
  call: (fn) => fn(client),
  reachable: async () => true,
  close: async () => undefined,
});
