import { Client, Connection, isGrpcServiceError, ServiceError } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import type { TConfig } from '../config/config.ts';
import { ApiError } from '../errors/api-error.ts';

/**
 * A service's Temporal client (`TServiceDeps.temporal`): connected on first use, so a process whose
 * requests never start a workflow never connects, and a failed connect is tried again by the next call.
 * The OpenTelemetry interceptor carries the caller's trace into the workflow's headers.
 */
export interface TTemporalClient {
  /** The connected client; `workflows_unavailable` when the deployment has no Temporal (TEMPORAL_ADDRESS unset). */
  connect(): Promise<Client>;
  /**
   * `fn` under the call deadline (TEMPORAL_CALL_TIMEOUT_MS; `atLeastMs` lengthens it for a call that
   * waits on the workflow, e.g. an update's answer).
   */
  call<T>(fn: (client: Client) => Promise<T>, options?: { atLeastMs?: number }): Promise<T>;
  /** Whether Temporal answers right now (a short health check). */
  reachable(): Promise<boolean>;
  /** Closes the connection; a later call fails (the process is stopping). */
  close(): Promise<void>;
}

/** How the reason of a failure because Temporal did not answer begins. */
export const TEMPORAL_DID_NOT_ANSWER = 'Temporal did not answer';

/**
 * Temporal did not answer (no server, or too slow): says nothing about the request itself. Made where
 * that is known (a connect that got no gRPC answer; temporal-consumer's calls that timed out), so whoever
 * handles it asks `instanceof`, not the message.
 */
export class TemporalAwayError extends Error {
  override name = 'TemporalAwayError';
  constructor(cause: unknown) {
    super(`${TEMPORAL_DID_NOT_ANSWER}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The platform's one client per process (`startPlatform` puts it in the services' deps and closes it). */
export function temporalClientFor(config: TConfig): TTemporalClient {
  let client: Promise<Client> | undefined;
  let closed = false;
  const timeoutMs = config.TEMPORAL_CALL_TIMEOUT_MS;
  const connect = () => {
    if (closed) return Promise.reject(new Error('the Temporal client of this process is closed'));
    if (!config.TEMPORAL_ADDRESS) return Promise.reject(new ApiError('workflows_unavailable'));
    client ??= Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: timeoutMs }).then(
      (connection) =>
        new Client({
          connection,
          namespace: config.TEMPORAL_NAMESPACE,
          interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
        }),
      (error: unknown) => {
        client = undefined;
        // Without a gRPC status the channel never became ready before the deadline: nobody answered.
        throw error instanceof ServiceError || isGrpcServiceError(error)
          ? error
          : new TemporalAwayError(error);
      },
    );
    return client;
  };
  const within = async <T>(ms: number, fn: (c: Client) => Promise<T>): Promise<T> => {
    const c = await connect();
    return c.connection.withDeadline(Date.now() + ms, () => fn(c));
  };
  return {
    connect,
    call: (fn, options = {}) => within(Math.max(timeoutMs, options.atLeastMs ?? 0), fn),
    async reachable() {
      try {
        await within(2_000, (c) => c.connection.workflowService.getSystemInfo({}));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      if (!client) return;
      const closing = client;
      client = undefined;
      const c = await closing.catch(() => undefined);
      await c?.connection.close();
    },
  };
}
