import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TMailJob } from '../src/delivery/mail-job.ts';
import { sendTenantDigests, type TDigestDeps } from '../src/digest/digest.service.ts';
import { envelope, hoursEntry, named, partiesOfFile, publish, untilRow } from './fixtures.ts';

/**
 * The periodic mail on the tenant's template (docs/decisions/notifications.md "Digest"): the shipped
 * default renders the greeting, the generated lists and the links; a tenant's own `digest` template
 * changes its subject and text while the lists stay generated where it says `{{items}}`.
 */
const p = partiesOfFile(async (parties) => {
  await publish(
    parties.h,
    envelope('placements.internship.created', parties.mine.internship_id, parties.mine),
  );
  await untilRow(parties.h, 'internships', 'id', parties.mine.internship_id);
  // The contact person wants a daily digest; hours wait for their confirmation (an open task).
  await publish(parties.h, named(parties.contact, 'Kees', 'Contact', { periodic_mail_frequency: 'daily' }));
  await publish(
    parties.h,
    envelope(
      'placements.hours.entry_logged',
      parties.mine.internship_id,
      hoursEntry(parties.mine.internship_id, { hours_logged: 8, hours_pending: 8 }),
    ),
  );
  await untilRow(parties.h, 'open_tasks', 'user_id', parties.contact.id);
});

/** The digests of the tenant's run for `at`, as they would be queued. */
async function digestsOn(at: string): Promise<TMailJob[]> {
  const queued: TMailJob[] = [];
  const deps: TDigestDeps = {
    db: p.h.deps.db,
    config: p.h.deps.config as TDigestDeps['config'],
    enqueue: async (job) => void queued.push(job),
  };
  await sendTenantDigests(deps, { tenant: 'demo', at });
  return queued.filter((job) => job.to === 'kees@demo.test');
}

describe('the digest on the tenant’s template', () => {
  it('renders the shipped default, then the tenant’s own text around the same generated lists', async () => {
    const [standard] = await digestsOn('2026-11-23T07:00:00Z');
    expect(standard).toBeDefined();
    const site = standard!.text.match(/Bekijk alles: (\S+)\/notificaties$/)![1]!;
    const task = `- 8 uur te bevestigen bij de stage ‘${p.mine.title}’`;
    expect(standard!.subject).toBe('Stageplein Demo: je dagelijkse overzicht');
    expect(standard!.text).toBe(
      [
        'Hallo Kees,',
        'Dit is je dagelijkse overzicht van wat er voor je klaarstaat.',
        `Wacht op jou:\n${task}`,
        // The hours logged told the contact person too (e-mail is their choice): unread, not listed.
        'Ongelezen meldingen in totaal: 1.',
        `Je krijgt dit overzicht omdat je periodieke mail aan staat. Wijzigen kan op ${site}/profile-edit/periodieke-mail`,
        `Bekijk alles: ${site}/notificaties`,
      ].join('\n\n'),
    );
    expect(standard!.html).toContain(`<li><a href="${site}/internships/${p.mine.internship_id}">`);

    // The row the back office's editor saves (/notification_templates/digest/edit).
    await p.h.owner.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
      await sql`insert into notifications.mail_templates
        (tenant_id, kind, subject_nl, body_nl, subject_en, body_en, updated_by, updated_at)
        values ('demo', 'digest', 'Wat er klaarligt bij {{appName}}',
          ${'Beste {{name}},\n\nDit wacht op je:\n\n{{items}}\n\nGroeten van de stagecoördinator.'},
          'Waiting at {{appName}}', ${'Dear {{name}},\n\n{{items}}'}, null, now())`.execute(trx);
    });
    const [own] = await digestsOn('2026-11-24T07:00:00Z');
    expect(own!.subject).toBe('Wat er klaarligt bij Stageplein Demo');
    expect(own!.text).toBe(
      [
        'Beste Kees,',
        'Dit wacht op je:',
        `Wacht op jou:\n${task}`,
        'Groeten van de stagecoördinator.',
        `Bekijk alles: ${site}/notificaties`,
      ].join('\n\n'),
    );
    expect(own!.html).toContain(
      `<p>Dit wacht op je:</p>\n<h2>Wacht op jou</h2>\n<ul><li><a href="${site}/internships/`,
    );
    const { rows } = await sql`select period from notifications.digests where user_id = ${p.contact.id}
      order by period`.execute(p.h.owner);
    expect(rows).toEqual([{ period: 'daily:2026-11-23' }, { period: 'daily:2026-11-24' }]);
  });
});
