import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { outboxMigrationV1 } from '@stageplein/kit/migrations/outbox.v1';
import { ORGANIZATION_SNAPSHOT_EVENTS } from '@stageplein/kit/read-models/organizations-read-model';
import { backfillFromOutboxes } from '@stageplein/kit/runtime/backfill';
import migration from '../src/migrations/20270202T0910-kit-organizations-read-model.ts';
import { contentService } from '../src/content.module.ts';
import { call, deliver, editor, eventually, expectStatus, harness, type THarness } from './harness.ts';

let h: THarness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const GROUP = 'content.organizations-read-model-v2';
const readModel = async () =>
  (
    await sql<Record<string, unknown>>`select id, tenant_id, organization_type, name, status, city, postcode,
      latitude, longitude, deleted, event_time from content.organizations order by id`.execute(h.owner)
  ).rows;

const pageBody = (slug: string) => ({
  data: { type: 'page', attributes: { slug, title: 'Titel', status: 'draft' } },
});

describe('content keeps kit’s organizations read model (issue #32)', () => {
  it('an organization’s type and status decide who edits; its deletion (kit’s tombstone) takes the rights', async () => {
    const ed = await editor(h);
    const orgId = ed.headers['x-current-organization-id']!;
    const create = (slug: string) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/pages',
        headers: { ...ed.headers, 'content-type': 'application/vnd.api+json' },
        payload: pageBody(slug),
      });
    expectStatus(await create(`tombstone-${orgId.slice(0, 8)}`), 201);
    const snapshot = (
      await sql<{ name: string }>`select name from content.organizations where id = ${orgId}`.execute(h.owner)
    ).rows[0]!;
    expect(snapshot.name).toMatch(/^VolunteerCenter /);
    await deliver(h, 'organizations.organization.deleted', orgId, {
      organization_id: orgId,
      organization_type: 'VolunteerCenter',
      name: snapshot.name,
      status: 'approved',
      website: null,
      city: null,
      parent_id: null,
    });
    await eventually(async () => {
      const row = await sql<{
        deleted: boolean;
      }>`select deleted from content.organizations where id = ${orgId}`.execute(h.owner);
      expect(row.rows[0]?.deleted).toBe(true);
    });
    expectStatus(await create(`tombstone-again-${orgId.slice(0, 8)}`), 403, 'forbidden');
  });

  it('migration 20270202T0910 fills it from organizations’ outbox as kit’s consumer would, and its down keeps type and status', async () => {
    // Organizations' outbox in this database (the content harness has only content's schema).
    await sql`create schema if not exists organizations`.execute(h.owner);
    await outboxMigrationV1('organizations').up(h.owner);
    const t0 = Date.parse('2026-11-01T10:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    const snapshot = (
      id: string,
      type: TOrganizationType,
      status: TOrganizationStatus,
      more: Partial<TEventPayload<'organizations.organization.updated'>> = {},
    ) => ({
      organization_id: id,
      organization_type: type,
      name: `${type} ${id.slice(0, 8)}`,
      status,
      website: null,
      city: null,
      parent_id: null,
      ...more,
    });
    const [center, school, gone, late, other] = Array.from({ length: 5 }, () => randomUUID());
    const events: [string, string, number, Record<string, unknown>][] = [
      [
        'organizations.organization.signed_up',
        'demo',
        0,
        {
          ...snapshot(center!, 'VolunteerCenter', 'pending'),
          first_admin: { email: 'a@demo.test', first_name: 'A', last_name: 'B', locale: 'nl' },
        },
      ],
      [
        'organizations.organization.approved',
        'demo',
        5,
        { ...snapshot(center!, 'VolunteerCenter', 'approved'), from_status: 'pending', reason: null },
      ],
      [
        'organizations.organization.created',
        'demo',
        1,
        {
          ...snapshot(school!, 'School', 'approved', {
            city: 'Utrecht',
            postcode: '3511AA',
            latitude: 52.09,
            longitude: 5.12,
          }),
          first_admin: null,
        },
      ],
      [
        'organizations.organization.created',
        'demo',
        2,
        { ...snapshot(gone!, 'Provider', 'approved'), first_admin: null },
      ],
      ['organizations.organization.deleted', 'demo', 3, snapshot(gone!, 'Provider', 'approved')],
      // Sent later (a higher seq) but older: the newer event keeps its word.
      ['organizations.organization.updated', 'demo', 9, snapshot(late!, 'Provider', 'archived')],
      ['organizations.organization.updated', 'demo', 4, snapshot(late!, 'Provider', 'pending')],
      [
        'organizations.organization.created',
        'raayland',
        6,
        { ...snapshot(other!, 'School', 'approved'), first_admin: null },
      ],
      // Not a snapshot: ignored.
      ['organizations.group.created', 'demo', 7, { group_id: randomUUID() }],
    ];
    for (const [type, tenant, minutes, data] of events) {
      const id = randomUUID();
      const envelope = {
        id,
        type,
        source: 'organizations',
        subject: String(data.organization_id ?? data.group_id),
        time: at(minutes),
        tenant,
        actor: 'system',
        version: 1,
        data,
      };
      await sql`insert into organizations.outbox (id, tenant_id, type, aggregate_id, envelope)
        values (${id}, ${tenant}, ${type}, ${envelope.subject}, ${JSON.stringify(envelope)}::jsonb)`.execute(
        h.owner,
      );
    }
    const mine = [center, school, gone, late, other] as string[];

    await migration.down!(h.owner);
    await migration.up(h.owner);
    const filled = (await readModel()).filter((r) => mine.includes(String(r.id)));
    expect(
      Object.fromEntries(filled.map((r) => [r.id, [r.tenant_id, r.organization_type, r.status, r.deleted]])),
    ).toEqual({
      [center!]: ['demo', 'VolunteerCenter', 'approved', false],
      [school!]: ['demo', 'School', 'approved', false],
      [gone!]: ['demo', 'Provider', 'approved', true],
      [late!]: ['demo', 'Provider', 'archived', false],
      [other!]: ['raayland', 'School', 'approved', false],
    });
    expect(filled.find((r) => r.id === school)).toMatchObject({
      city: 'Utrecht',
      postcode: '3511AA',
      latitude: 52.09,
      longitude: 5.12,
    });

    // The SQL is the consumer's twin: kit's consumer, given the same events, leaves the same rows.
    await sql`delete from content.organizations where id in (${sql.join(mine)})`.execute(h.owner);
    const consumers = contentService.consumers!(h.deps).filter((c) => c.group === GROUP);
    expect(consumers).toHaveLength(1);
    expect(consumers[0]!.types).toEqual(ORGANIZATION_SNAPSHOT_EVENTS);
    const replayed = await backfillFromOutboxes(h.owner, consumers, ['organizations']);
    // Every snapshot event is valid, so the consumer saw each of them.
    expect(replayed.delivered[GROUP]).toBe(8);
    expect((await readModel()).filter((r) => mine.includes(String(r.id)))).toEqual(filled);

    // Down: content's own table again, type and status of the organizations not deleted.
    await migration.down!(h.owner);
    const old = await sql<{ id: string; type: string; status: string }>`
      select id, type, status from content.organizations where id in (${sql.join(mine)}) order by id`.execute(
      h.owner,
    );
    expect(old.rows.map((r) => r.id).sort()).toEqual(mine.filter((id) => id !== gone).sort());
    await migration.up(h.owner);
    await sql`drop schema organizations cascade`.execute(h.owner);
  });
});
