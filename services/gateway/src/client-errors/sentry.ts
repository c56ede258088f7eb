import { randomUUID } from 'node:crypto';
import type { TClientErrorAttributes } from '@stageplein/contracts/errors/client-error-report';

/** A parsed Sentry DSN: where envelopes go and the key that authorizes them. */
export interface TSentryDsn {
  /** The DSN as configured (it goes in the envelope header, as Sentry's SDKs send it). */
  dsn: string;
  envelopeUrl: string;
  publicKey: string;
}

/** `https://<public key>@<host>[/<path>]/<project id>` → the project's envelope endpoint. */
export function parseSentryDsn(value: string): TSentryDsn | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!/^https?:$/.test(url.protocol) || !url.username || !project) return undefined;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    dsn: value,
    publicKey: decodeURIComponent(url.username),
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
  };
}

/** What a forwarded report says about its origin (already scrubbed: no user, no address). */
export interface TReportOrigin {
  tenant: string;
  userAgent?: string;
  environment: string;
}

/** One Sentry envelope (newline-delimited JSON: envelope header, item header, event) for a scrubbed report. */
export function sentryEnvelope(
  dsn: TSentryDsn,
  report: TClientErrorAttributes,
  origin: TReportOrigin,
  now: Date = new Date(),
): { eventId: string; body: string } {
  const eventId = randomUUID().replaceAll('-', '');
  const event = {
    event_id: eventId,
    timestamp: Date.parse(report.occurred_at) / 1000,
    platform: 'javascript',
    level: 'error',
    logger: `stageplein.${report.app}`,
    environment: origin.environment,
    message: { formatted: report.message },
    exception: {
      values: [{ type: report.name ?? 'Error', value: report.message, ...stacktraceOf(report.stack) }],
    },
    request: {
      url: report.url,
      ...(origin.userAgent ? { headers: { 'User-Agent': origin.userAgent } } : {}),
    },
    tags: {
      app: report.app,
      kind: report.kind,
      tenant: origin.tenant,
      ...(report.status !== undefined ? { status: String(report.status) } : {}),
    },
    ...(report.context ? { extra: report.context } : {}),
    ...(report.trace_id
      ? {
          contexts: {
            trace: { trace_id: report.trace_id, span_id: report.span_id ?? eventId.slice(0, 16) },
          },
        }
      : {}),
  };
  const payload = JSON.stringify(event);
  const body = [
    JSON.stringify({ event_id: eventId, dsn: dsn.dsn, sent_at: now.toISOString() }),
    JSON.stringify({ type: 'event', content_type: 'application/json', length: Buffer.byteLength(payload) }),
    payload,
  ].join('\n');
  return { eventId, body };
}

/** The raw stack as one frame per line (Sentry shows it; symbolication is out of scope). */
function stacktraceOf(stack: string | undefined) {
  if (!stack) return {};
  const frames = stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean)
    .reverse()
    .map((line) => ({ function: line }));
  return frames.length ? { stacktrace: { frames } } : {};
}

/** Posts an envelope; resolves to the HTTP status (the caller logs a failure, never retries). */
export async function postEnvelope(
  dsn: TSentryDsn,
  body: string,
  options: { timeoutMs?: number } = {},
): Promise<number> {
  const response = await fetch(dsn.envelopeUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-sentry-envelope',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=stageplein-gateway/1.0`,
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}
