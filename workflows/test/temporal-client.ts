import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { parseConfig } from '@stageplein/kit/config/config';
import { temporalClientFor, type TTemporalClient } from '@stageplein/kit/temporal/temporal-client';
import { testTemporalNamespace } from './temporal-namespace.ts';

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

export type TTestTemporal = {
  namespace: string;
  /** The test's own client, to read and await workflows. */
  client: Client;
  /** For the test's workers. */
  native: NativeConnection;
  /** Placements' own path: kit's client of the process, from the config as the service parses it. */
  placements: TTemporalClient;
  close(): Promise<void>;
};

/**
 * A namespace of the test file's own on the Temporal server at `address`, with a client and a worker
 * connection to it and kit's client as placements has it, for tests that run phase runs on workers of
 * their own. Installs a WARN logger for the worker's runtime unless the process has one already.
 */
export async function testTemporal(address: string): Promise<TTestTemporal> {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // a Runtime already exists in this process: keep its logger
  }
  const namespace = await testTemporalNamespace(address);
  const opened: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const c of opened.splice(0).reverse()) await c.close();
  };
  try {
    const connection = await Connection.connect({ address });
    opened.push(connection);
    const native = await NativeConnection.connect({ address });
    opened.push(native);
    const placements = temporalClientFor(
      parseConfig({
        TEMPORAL_ADDRESS: address,
        TEMPORAL_NAMESPACE: namespace,
        AUTH_TOKEN_SECRET: generateAuthSecret(),
      }),
    );
    opened.push(placements);
    return { namespace, client: new Client({ connection, namespace }), native, placements, close };
  } catch (error) {
    await close();
    throw error;
  }
}
