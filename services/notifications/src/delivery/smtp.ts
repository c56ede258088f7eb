import nodemailer from 'nodemailer';
import type { TMailJob } from './mail-job.ts';

/** How the receiving server answered a mail it did not take: 5xx is final, anything else may pass later. */
export type TBounce = { kind: 'hard' | 'soft'; response: string };

/**
 * A refused SMTP transaction as a bounce: a 5xx reply is hard (RFC 5321: permanent), a 4xx reply or a
 * connection that failed is soft (retried with backoff).
 */
export function bounceOf(error: unknown): TBounce {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const response = String(e.response ?? e.message ?? error);
  return { kind: code !== undefined && code >= 500 && code < 600 ? 'hard' : 'soft', response };
}

export interface TSmtpSender {
  send(mail: TMailJob): Promise<void>;
  close(): void;
}

/**
 * nodemailer over a pool of SMTP connections to `url` (`smtp://host:port`, `smtps://user:pass@host`).
 * Headers name the tenant, kind and request, so a mailbox (and the development catcher) can sort them.
 */
export function smtpSender(url: string, options: { maxConnections?: number } = {}): TSmtpSender {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    // Plain loopback catchers answer without STARTTLS; a real relay negotiates it when it offers it.
    tls: { rejectUnauthorized: !/^smtp:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url) },
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: `<${mail.id}@stageplein>`,
        headers: {
          'X-Stageplein-Tenant': mail.tenant,
          'X-Stageplein-Kind': mail.kind,
          'X-Stageplein-Request': mail.id,
        },
      });
    },
    close: () => transport.close(),
  };
}
