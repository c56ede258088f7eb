import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRedisServer } from '@stageplein/engines/redis';
import { keepCaughtMail } from '@stageplein/identity/mail/mail.port';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { parseEml } from '@stageplein/kit/mail/eml';
import { smtpCatcher } from '@stageplein/notifications/delivery/smtp-catcher';

export interface TEmbeddedMail {
  /** The notifications keys that point the mail queue and worker at them. */
  env: { MAIL_REDIS_URL: string; MAIL_SMTP_URL: string };
  stop(): Promise<void>;
}

/**
 * The embedded profile's mail engines (docs/decisions/mail-delivery.md): a Redis for the mail queue
 * (the pinned redis-server, infra/engines/redis) unless `redisUrl` is given, and the SMTP catcher the mail
 * worker sends to. The catcher keeps each message as it came over SMTP, an `.eml` in `<mailDir>/<tenant>/`
 * (a folder of its own when none is given), and writes it to the development mailbox
 * (`identity.dev_mails`, /api/v1/dev/mailbox) through the database at `ownerUrl`: what `npm start` shows of
 * a requested mail went through the queue and SMTP.
 */
export async function startEmbeddedMail(options: {
  ownerUrl: string;
  mailDir?: string;
  redisUrl?: string;
  /** A relay of the caller's (a test's refusing server): no catcher then. */
  smtpUrl?: string;
}): Promise<TEmbeddedMail> {
  const redis = options.redisUrl ? undefined : await startRedisServer();
  const ownDir = options.mailDir ? undefined : await mkdtemp(path.join(tmpdir(), 'stageplein-smtp-'));
  const pool = createPool(options.ownerUrl, 2);
  const db = createDb<unknown>(pool);
  try {
    const catcher = options.smtpUrl
      ? { url: options.smtpUrl, close: async () => undefined }
      : await smtpCatcher({
          dir: options.mailDir || ownDir!,
          onMail: async (mail) => {
            const { headers, text, html } = parseEml(mail.raw);
            await keepCaughtMail(db, {
              tenant: mail.tenant,
              kind: headers.get('x-stageplein-kind') ?? '',
              to: mail.to[0] ?? '',
              subject: headers.get('subject') ?? mail.subject,
              text,
              html,
              at: new Date(),
            });
          },
        });
    return {
      env: { MAIL_REDIS_URL: options.redisUrl || redis!.url, MAIL_SMTP_URL: catcher.url },
      async stop() {
        await catcher.close();
        await db.destroy();
        await redis?.stop();
        if (ownDir) await rm(ownDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.destroy();
    await redis?.stop();
    throw error;
  }
}
