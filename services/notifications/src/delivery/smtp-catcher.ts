import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message the catcher took, as it came over SMTP. */
export interface TCaughtMail {
  tenant: string;
  to: string[];
  subject: string;
  /** The `.eml` file it is kept in. */
  file: string;
  raw: string;
}

export interface TSmtpCatcher {
  url: string;
  close(): Promise<void>;
}

const header = (raw: string, name: string) =>
  raw
    .slice(0, raw.indexOf('\r\n\r\n'))
    .match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]
    ?.trim() ?? '';

/** Addresses the catcher refuses: the reserved `.invalid` top-level domain. */
const BOUNCING = /\.invalid$/i;

const safe = (value: string) => value.replace(/[^\w-]/g, '') || 'unknown';

/**
 * The embedded profile's SMTP server on loopback (docs/decisions/mail-delivery.md): the mail worker
 * sends to it as it would to a relay, and it keeps every message as it arrived, an `.eml` file in
 * `<dir>/<tenant>/` (the tenant from the message's X-Stageplein-Tenant header), then tells `onMail`.
 * Nothing leaves the machine. It accepts every recipient except those under the reserved `.invalid`
 * top-level domain (RFC 2606), which it refuses as a relay refuses an unknown mailbox (550 5.1.1), so
 * a hard bounce can be tried on `npm start` and walked end to end by the tests.
 */
export async function smtpCatcher(options: {
  dir: string;
  port?: number;
  onMail?: (mail: TCaughtMail) => void | Promise<void>;
}): Promise<TSmtpCatcher> {
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (!BOUNCING.test(address.address)) return callback();
      callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const tenant = safe(header(raw, 'X-Stageplein-Tenant'));
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++seq).padStart(6, '0')}-${safe(
          header(raw, 'X-Stageplein-Request'),
        )}.eml`;
        const folder = path.join(options.dir, tenant);
        const file = path.join(folder, name);
        mkdir(folder, { recursive: true })
          .then(() => writeFile(file, raw))
          .then(() =>
            options.onMail?.({
              tenant,
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: header(raw, 'Subject'),
              file,
              raw,
            }),
          )
          .then(
            () => callback(),
            (error: Error) => callback(Object.assign(error, { responseCode: 451 })),
          );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
