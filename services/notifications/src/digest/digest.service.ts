import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { translate } from '@stageplein/contracts/i18n/index';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TNotificationDigestSummary } from '@stageplein/contracts/workflows/names';
import { setTenant } from '@stageplein/kit/db/rls';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import type { TMailJob } from '../delivery/mail-job.ts';
import type { TNotificationsConfig } from '../notifications.config.ts';
import type { TDb } from '../shared/request.ts';
import { duePeriods, type TDigestPeriod } from './digest-period.ts';
import { renderDigest } from './digest.render.ts';
import {
  claimDigest,
  digestCategories,
  markDigested,
  recipientsOf,
  recordDigest,
  undigested,
  unreadCount,
} from './digest.repository.ts';
import { openTasksOf } from './open-tasks.repository.ts';
import { sendingTemplate } from '../templates/mail-templates.service.ts';

/** Notifications listed by name in one digest; the rest are counted. */
export const DIGEST_LIST_LIMIT = 20;

export interface TDigestDeps {
  /** The app role's database (RLS: the tenant is set per transaction). */
  db: Kysely<unknown>;
  config: Pick<TNotificationsConfig, 'MAIL_FROM' | 'PUBLIC_URL_TEMPLATE'>;
  /** The mail queue (BullMQ): a job id already there adds nothing. */
  enqueue: (job: TMailJob) => Promise<void>;
  now?: () => Date;
}

/** The mail's id (and BullMQ job id): the same person and period is always the same job. */
export function digestMailId(tenant: string, userId: string, period: string): string {
  const h = createHash('sha256').update(`digest\n${tenant}\n${userId}\n${period}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type TOutcome = 'sent' | 'empty' | 'already';

/**
 * One person's digest of one period, in one transaction: claimed (a period already claimed is left
 * alone), then the unread notifications of the categories they hear of by digest that no digest told
 * yet, and their open tasks; nothing to tell sends nothing. The mail is queued before the claim
 * commits: a run that fails after queueing claims again and queues the same job id, which BullMQ keeps
 * once.
 */
async function digestOf(
  deps: TDigestDeps,
  tenant: string,
  p: TDigestPeriod,
  user: { id: string; email: string; first_name: string | null; locale: string },
  now: Date,
): Promise<TOutcome> {
  return (deps.db as TDb).transaction().execute(async (db) => {
    await setTenant(db, tenant);
    if (!(await claimDigest(db, { tenant_id: tenant, user_id: user.id, period: p.period, created_at: now })))
      return 'already';
    const lang = user.locale === 'en' ? 'en' : 'nl';
    const categories = await digestCategories(db, user.id);
    const listed = await undigested(db, user.id, categories, DIGEST_LIST_LIMIT);
    const tasks = await openTasksOf(db, user.id);
    if (listed.total === 0 && tasks.length === 0) return 'empty';
    const site = publicUrl(deps.config, tenant);
    const mail = renderDigest(
      {
        appName: getTenant(tenant)?.appName ?? 'Stageplein',
        name: user.first_name ?? user.email,
        lang,
        frequency: p.frequency,
        notifications: listed.rows.map((n) => ({
          text: translate(lang, `notifications.kinds.${n.kind}`, n.params),
          link: n.link,
        })),
        more: listed.total - listed.rows.length,
        tasks,
        unread: await unreadCount(db, user.id),
        site,
      },
      await sendingTemplate(db, lang, 'digest'),
    );
    await markDigested(db, user.id, categories, now);
    await recordDigest(db, user.id, p.period, {
      notifications: listed.total,
      tasks: tasks.length,
      sent: true,
    });
    await deps.enqueue({
      id: digestMailId(tenant, user.id, p.period),
      tenant,
      kind: 'digest',
      to: user.email,
      from: deps.config.MAIL_FROM,
      userId: user.id,
      ...mail,
    });
    return 'sent';
  });
}

/**
 * The tenant's periodic mail as of `at` (docs/decisions/notifications.md "Digest"): for each period due
 * that day, everyone whose `periodic_mail_frequency` it is gets one digest, at most once per period.
 */
export async function sendTenantDigests(
  deps: TDigestDeps,
  input: { tenant: string; at: string },
): Promise<TNotificationDigestSummary> {
  const now = deps.now?.() ?? new Date();
  const periods = duePeriods(new Date(input.at));
  const summary: TNotificationDigestSummary = {
    tenant: input.tenant,
    periods: periods.map((p) => p.period),
    sent: 0,
    empty: 0,
    already: 0,
  };
  for (const p of periods) {
    const users = await (deps.db as TDb).transaction().execute(async (db) => {
      await setTenant(db, input.tenant);
      return recipientsOf(db, p.frequency);
    });
    for (const user of users) summary[await digestOf(deps, input.tenant, p, user, now)] += 1;
  }
  return summary;
}
