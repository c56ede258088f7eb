import { mailSingleUseTokens, type TIssuedToken } from '@stageplein/kit/mail/single-use-token-mail';
import type { TCtx } from '../shared/request.ts';
import type { TUserRow } from '../users/users.repository.ts';
import type { TOutgoingMail } from './mail.port.ts';
import { duration, type TMailVars } from '@stageplein/kit/mail/templates';
import type { TAccountMailKind } from '@stageplein/contracts/notifications/mail-templates';

/** A single-use link mailed to a user: invitation, confirmation, password reset, sign-in link, deletion. */
export interface TUserTokenMail {
  kind: TAccountMailKind;
  user: Pick<TUserRow, 'email' | 'locale' | 'first_name'>;
  /** Another address than the user's own (a new address waiting for its confirmation). */
  to?: string;
  /** The page the link opens; the token goes in query parameter `param`. */
  url: string;
  param: string;
  /** How long the link lives (said in the mail; the service enforces it where it reads the token). */
  validMinutes: number;
  /** Stores the token's hash (see kit mailSingleUseTokens). */
  store?: (tokenHash: string) => Promise<unknown>;
  token?: TIssuedToken;
  /** Passwordless: the code that works instead of the link. */
  code?: string;
  /** Further placeholders of the template (the organization of a role invitation). */
  vars?: Partial<TMailVars>;
  /** Who caused it (the inviter; the person asking a reset or a sign-in link); null: the system. */
  actor: string | null;
}

/** Identity's token mails, through its one mail port inside the use case's transaction. */
export async function mailUserTokens(ctx: TCtx, mails: readonly TUserTokenMail[]): Promise<void> {
  await mailSingleUseTokens<TOutgoingMail>(
    (outgoing) => ctx.mail.sendMany(ctx.db, ctx.tenant.id, outgoing, ctx.now),
    mails.map((m) => ({
      url: m.url,
      param: m.param,
      store: m.store,
      token: m.token,
      compose: (link) => ({
        kind: m.kind,
        to: m.to ?? m.user.email,
        lang: m.user.locale,
        actor: m.actor,
        vars: {
          name: m.user.first_name ?? m.user.email,
          link,
          validFor: duration(m.user.locale, m.validMinutes),
          ...(m.code === undefined ? {} : { code: m.code }),
          ...m.vars,
        },
      }),
    })),
  );
}

export const mailUserToken = (ctx: TCtx, mail: TUserTokenMail) => mailUserTokens(ctx, [mail]);
