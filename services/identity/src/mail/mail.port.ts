import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { mailKindVariables, type TAccountMailKind } from '@stageplein/contracts/notifications/mail-templates';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { requestMails } from '@stageplein/kit/mail/mail-requests';
import type { Kysely } from 'kysely';
import { setTenant } from '@stageplein/kit/db/rls';
import { SCHEMA, type TDb, type TIdentityDb } from '../database.ts';
import type { TMailVars } from '@stageplein/kit/mail/templates';
import type { TIdentityConfig } from '../identity.config.ts';

export interface TOutgoingMail {
  kind: TAccountMailKind;
  to: string;
  lang: TLanguage;
  vars: Omit<TMailVars, 'appName'>;
  /**
   * The person whose action caused the mail (the inviter, the person asking a reset), carried as the
   * request's actor for the audit and recent actions; null: the system (a scheduled reminder).
   */
  actor: string | null;
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
 * Identity's mails go the way every service's do (docs/decisions/mail-requests.md): requested in the use
 * case's transaction (an `identity.mail_deliveries` row and `identity.mail.requested` in the outbox), then
 * rendered by notifications from the tenant's template of the kind, queued and sent over SMTP. The request
 * carries the kind's variables in the recipient's language; the link (its single-use token) and a sign-in
 * code travel sealed, and identity keeps only the token's hash.
 */
export function requestedMail(
  config: Pick<TIdentityConfig, 'AUTH_TOKEN_SECRET' | 'AUTH_TOKEN_PREVIOUS_SECRETS'>,
): TMailPort {
  const port: TMailPort = {
    send: (db, tenant, mail, now) => port.sendMany(db, tenant, [mail], now),
    async sendMany(db, tenant, mails, now) {
      const requests = mails.map((mail) => {
        const { name, link, code, ...rest } = mail.vars;
        // Only the kind's own variables travel (a reason goes with a denial, not an approval).
        const known = new Set(mailKindVariables(mail.kind));
        const vars = Object.fromEntries(
          Object.entries(rest).filter(
            (entry): entry is [string, string] => known.has(entry[0]) && typeof entry[1] === 'string',
          ),
        );
        return {
          template: mail.kind,
          vars,
          link,
          code,
          tenant: tenant as TTenantId,
          recipient: { email: mail.to, name, language: mail.lang },
          actor: mail.actor,
          now,
        };
      });
      // 11 parameters a row: chunks stay far below PostgreSQL's 65,535 bind parameters (bulk imports).
      for (let i = 0; i < requests.length; i += 1000)
        await requestMails(db, SCHEMA, config, requests.slice(i, i + 1000));
    },
  };
  return port;
}

/**
 * A mail the embedded profile's SMTP catcher took (notifications sent it through its queue and SMTP):
 * kept in the development mailbox, so /api/v1/dev/mailbox shows every mail the tenant sent.
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

export const mailPortFor = (config: TIdentityConfig): TMailPort => requestedMail(config);
