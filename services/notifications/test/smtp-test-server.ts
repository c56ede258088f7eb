import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the server does with a recipient on its n-th try (1-based). */
export type TSmtpBehaviour = 'accept' | 'defer' | 'reject' | 'hang';

export interface TReceivedMail {
  to: string;
  request: string;
  tenant: string;
  subject: string;
  at: number;
}

export interface TTestSmtp {
  url: string;
  received: TReceivedMail[];
  /** Every RCPT TO the server saw, with its time: tries and their spacing. */
  tries: { to: string; at: number }[];
  /** Resolves when a DATA of `to` is being held ('hang'). */
  hung(to: string): Promise<void>;
  close(): Promise<void>;
}

const header = (raw: string, name: string) =>
  raw.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';

/**
 * A real SMTP server on a loopback port for the delivery tests: `behaviour(address, try)` decides per
 * recipient whether it accepts, defers (451, a soft bounce), rejects (550, a hard bounce) or takes the
 * message and never answers (a worker dies meanwhile).
 */
export async function testSmtp(
  behaviour: (to: string, attempt: number) => TSmtpBehaviour,
): Promise<TTestSmtp> {
  const received: TReceivedMail[] = [];
  const tries: { to: string; at: number }[] = [];
  const hangs = new Map<string, () => void>();
  const hungWaiters = new Map<string, Promise<void>>();
  const hungSignal = (to: string) => {
    if (!hungWaiters.has(to)) hungWaiters.set(to, new Promise((r) => hangs.set(to, r)));
    return hungWaiters.get(to)!;
  };
  const decisions = new WeakMap<object, TSmtpBehaviour>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, session, callback) {
      const to = address.address.toLowerCase();
      tries.push({ to, at: Date.now() });
      const n = tries.filter((t) => t.to === to).length;
      const decision = behaviour(to, n);
      if (decision === 'defer')
        return callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 451 }));
      if (decision === 'reject')
        return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      decisions.set(session, decision);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]!.address.toLowerCase();
        if (decisions.get(session) === 'hang') {
          void hungSignal(to);
          hangs.get(to)!();
          return; // never answered: the sender waits until it dies
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to,
          request: header(raw, 'X-Stageplein-Request'),
          tenant: header(raw, 'X-Stageplein-Tenant'),
          subject: header(raw, 'Subject'),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    tries,
    hung: hungSignal,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
