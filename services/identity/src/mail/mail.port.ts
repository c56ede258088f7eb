import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TDb } from '../database.ts';
import { renderMail, type TMailKind, type TMailVars } from './templates.ts';
import type { TIdentityConfig } from '../identity.config.ts';

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

/** Embedded profile: the mail is kept in `identity.dev_mails`, readable at /api/v1/dev/mailbox. */
export const devMailbox: TMailPort = {
  send: (db, tenant, mail, now) => devMailbox.sendMany(db, tenant, [mail], now),
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
      await db
        .insertInto('identity.dev_mails')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
  },
};

export function mailPortFor(config: TIdentityConfig): TMailPort {
  switch (config.MAIL_TRANSPORT) {
    case 'dev-mailbox':
      return devMailbox;
  }
}
