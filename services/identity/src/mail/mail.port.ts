import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { Kysely } from 'kysely';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TDb, TIdentityDb } from '../database.ts';
import { renderMail, type TMailKind, type TMailVars } from '@stageplein/kit/mail/templates';
import type { TIdentityConfig } from '../identity.config.ts';
import { writeMailFiles } from './mail-folder.ts';

export interface TOutgoingMail {
  kind: TMailKind;
  to: string;
  lang: TLanguage;
  vars: Omit<TMailVars, 'appName'>;
}

/**
 * The one way identity sends mail. `send` runs inside the use case's transaction, so mail goes out
 * exactly when the change that caused it commits.
 */
export interface TMailPort {
  send(db: TDb, tenant: string, mail: TOutgoingMail, now: Date): Promise<void>;
  /** The same for many mails at once (bulk use cases such as imports): one write, not one per mail. */
  sendMany(db: TDb, tenant: string, mails: readonly TOutgoingMail[], now: Date): Promise<void>;
}

/**
 * Embedded profile: the mail is kept in `identity.dev_mails` (platform operators read it at
 * /api/v1/dev/mailbox) and, with MAIL_DIR set, also written as `.eml` files to `<MAIL_DIR>/<tenant>/`,
 * which `npm start` prints to its terminal. The files are written when the mail is sent, inside the use
 * case's transaction: a change that then rolls back can leave a file for a mail that never counted.
 */
export function devMailbox(config: Pick<TIdentityConfig, 'MAIL_DIR' | 'MAIL_FROM'>): TMailPort {
  const port: TMailPort = {
    send: (db, tenant, mail, now) => port.sendMany(db, tenant, [mail], now),
    async sendMany(db, tenant, mails, now) {
      if (!mails.length) return;
      const appName = getTenant(tenant)?.appName ?? 'Stageplein';
      const rows = mails.map((mail) => {
        const rendered = renderMail(mail.lang, mail.kind, { ...mail.vars, appName });
        return {
          tenant_id: tenant,
          kind: mail.kind,
          to_address: mail.to,
          subject: rendered.subject,
          text_body: rendered.text,
          html_body: rendered.html,
          created_at: now,
        };
      });
      // 7 parameters a mail: chunks stay far below PostgreSQL's 65,535 bind parameters.
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        const seqs = await db.insertInto('identity.dev_mails').values(chunk).returning('seq').execute();
        if (config.MAIL_DIR) {
          await writeMailFiles(
            config.MAIL_DIR,
            tenant,
            chunk.map((r, j) => ({
              seq: Number(seqs[j]!.seq),
              kind: r.kind,
              to: r.to_address,
              subject: r.subject,
              text: r.text_body,
              from: config.MAIL_FROM,
              createdAt: now,
            })),
          );
        }
      }
    },
  };
  return port;
}

/**
 * A mail the embedded profile's SMTP catcher took (notifications sent it through its queue and SMTP):
 * kept in the development mailbox beside identity's own, so /api/v1/dev/mailbox shows every mail.
 */
export async function keepCaughtMail(
  db: Kysely<unknown>,
  mail: { tenant: string; kind: string; to: string; subject: string; text: string; html: string; at: Date },
): Promise<void> {
  await (db as Kysely<TIdentityDb>).transaction().execute(async (trx) => {
    await setTenant(trx, mail.tenant);
    await trx
      .insertInto('identity.dev_mails')
      .values({
        tenant_id: mail.tenant,
        kind: mail.kind,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        created_at: mail.at,
      })
      .execute();
  });
}

export function mailPortFor(config: TIdentityConfig): TMailPort {
  switch (config.MAIL_TRANSPORT) {
    case 'dev-mailbox':
      return devMailbox(config);
  }
}
