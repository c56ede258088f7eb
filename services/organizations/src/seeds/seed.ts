import { SYSTEM } from '@stageplein/kit/auth/caller';
import { dutchDate, schoolYearOf } from '@stageplein/contracts/domain/school-years';
import {
  DEMO_CLASSMATES,
  seedOrganizationId,
  SEED_ORGANIZATION_TYPES,
  type TSeedOrganizationKind,
} from '@stageplein/contracts/domain/seed-ids';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { demoUserId } from '@stageplein/kit/runtime/demo-users';
import { findOrganization } from '../organizations/organizations.repository.ts';
import { snapshotOf } from '../organizations/organizations.service.ts';
import { record } from '../shared/events.ts';
import { insertMentorship } from '../mentorships/mentorships.repository.ts';
import { mentorshipPayload } from '../mentorships/mentorships.service.ts';
import type { TDb } from '../shared/request.ts';

interface TTown {
  town: string;
  postcode: string;
  lat: number;
  lng: number;
  school: string;
}

/** Every tenant's demo organizations sit in a real town of its region (near its map centre). */
const TOWNS: Record<TTenantId, TTown> = {
  stageplein: {
    town: 'Harderwijk',
    postcode: '3841',
    lat: 52.3417,
    lng: 5.6206,
    school: 'Christelijk College Nassau-Veluwe',
  },
  demo: { town: 'Utrecht', postcode: '3511', lat: 52.0907, lng: 5.1214, school: 'Demo College Utrecht' },
  raayland: { town: 'Nijmegen', postcode: '6511', lat: 51.8126, lng: 5.8372, school: 'Raayland College' },
  casteleijn: { town: 'Zwolle', postcode: '8011', lat: 52.5168, lng: 6.083, school: 'Het Casteleijn' },
  nuborgh: { town: 'Elburg', postcode: '8081', lat: 52.4475, lng: 5.8336, school: 'Nuborgh College' },
  corderius: { town: 'Amersfoort', postcode: '3811', lat: 52.1561, lng: 5.3878, school: 'Corderius College' },
  match2gether: {
    town: 'Apeldoorn',
    postcode: '7311',
    lat: 52.2112,
    lng: 5.9699,
    school: 'Match2gether College',
  },
  masplein: { town: 'Nijkerk', postcode: '3861', lat: 52.22, lng: 5.4867, school: 'Corlaer College' },
  axia: { town: 'Ede', postcode: '6711', lat: 52.0402, lng: 5.6649, school: 'Axia College' },
  oldebroek: {
    town: 'Oldebroek',
    postcode: '8096',
    lat: 52.4457,
    lng: 5.901,
    school: 'Scholengemeenschap Oldebroek',
  },
  public: {
    town: 'Amsterdam',
    postcode: '1012',
    lat: 52.3676,
    lng: 4.9041,
    school: 'Openbaar Lyceum Amsterdam',
  },
};

interface TDemoOrganization {
  kind: TSeedOrganizationKind;
  name: (t: TTown) => string;
  street: string;
  suffix: string;
  description: string;
  /** Metres east/north of the town centre, so the markers do not overlap on the map. */
  offset: [number, number];
}

const ORGANIZATIONS: readonly TDemoOrganization[] = [
  {
    kind: 'school',
    name: (t) => t.school,
    street: 'Schoolstraat 10',
    suffix: 'AB',
    description: 'School voor voortgezet onderwijs; leerlingen lopen hier hun maatschappelijke stage.',
    offset: [0, 0],
  },
  {
    kind: 'volunteer-center',
    name: (t) => `Vrijwilligerscentrale ${t.town}`,
    street: 'Stationsplein 2',
    suffix: 'CD',
    description: 'Brengt vrijwilligers, stagiairs en organisaties in de regio bij elkaar.',
    offset: [600, 300],
  },
  {
    kind: 'nonprofit',
    name: (t) => `Stichting Buurthuis De Schakel ${t.town}`,
    street: 'Kerkstraat 21',
    suffix: 'EF',
    description: 'Buurthuis met activiteiten voor jong en oud: huiswerkbegeleiding, koken en sport.',
    offset: [-500, 400],
  },
  {
    kind: 'provider',
    name: (t) => `Zorgcentrum De Linde ${t.town}`,
    street: 'Lindelaan 5',
    suffix: 'GH',
    description: 'Woonzorgcentrum waar stagiairs helpen bij activiteiten met bewoners.',
    offset: [300, -600],
  },
];

const LEVELS = ['vmbo-bb', 'vmbo-kb', 'vmbo-t', 'havo', 'vwo'];
const TAGS = ['Zorg', 'Sport', 'Techniek', 'Cultuur', 'Natuur', 'Dieren'];
const GROUPS: [string, string][] = [
  ['3A', 'vmbo-t'],
  ['3B', 'havo'],
  ['4V', 'vwo'],
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Demo data of one tenant (embedded profile; idempotent, like identity's seeds): the four
 * organizations whose deterministic ids identity's demo roles point at, with profiles, and the
 * school's levels, tags, groups and internship periods (current and next school year). New rows
 * are announced through the outbox like any other change. School years come from ensureSchoolYears.
 * The demo mentor mentors the demo student (identity's demo accounts), so a mentor sees internships.
 */
export async function seedOrganizations(db: TDb, tenant: TTenantId, now: Date): Promise<void> {
  const at = { db, tenant: { id: tenant }, now };
  const t = TOWNS[tenant];
  const schoolId = seedOrganizationId(tenant, 'school');
  for (const o of ORGANIZATIONS) {
    const id = seedOrganizationId(tenant, o.kind);
    const name = o.name(t);
    const inserted = await db
      .insertInto('organizations.organizations')
      .values({
        id,
        tenant_id: tenant,
        type: SEED_ORGANIZATION_TYPES[o.kind],
        status: 'approved',
        name,
        parent_id: null,
        description: o.description,
        website: `https://www.${slug(name)}.nl`,
        city: t.town,
        address: o.street,
        postcode: `${t.postcode} ${o.suffix}`,
        latitude: Math.round((t.lat + o.offset[1] / 111_320) * 1e6) / 1e6,
        longitude:
          Math.round((t.lng + o.offset[0] / (111_320 * Math.cos((t.lat * Math.PI) / 180))) * 1e6) / 1e6,
        phone: '0341-123456',
        email: `info@${slug(name)}.nl`,
        logo_url: null,
        contact_name: 'Femke de Vries',
        contact_email: `stage@${slug(name)}.nl`,
        contact_phone: '0341-123457',
        status_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      const row = (await findOrganization(db, id))!;
      await record(
        at,
        SYSTEM,
        'organizations.organization.created',
        { type: 'organization', id: id },
        {
          ...snapshotOf(row),
          first_admin: null,
        },
      );
    }
  }

  const levelIds = new Map<string, string>();
  for (const [position, name] of LEVELS.entries()) {
    const row = await db
      .insertInto('organizations.levels')
      .values({ tenant_id: tenant, school_id: schoolId, name, position, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['school_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row)
      await record(
        at,
        SYSTEM,
        'organizations.level.created',
        { type: 'level', id: row.id },
        {
          level_id: row.id,
          school_id: schoolId,
          name,
        },
      );
  }
  for (const l of await db
    .selectFrom('organizations.levels')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .execute()) {
    levelIds.set(l.name, l.id);
  }
  for (const name of TAGS) {
    const row = await db
      .insertInto('organizations.tags')
      .values({ tenant_id: tenant, school_id: schoolId, name, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['school_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row)
      await record(
        at,
        SYSTEM,
        'organizations.tag.created',
        { type: 'tag', id: row.id },
        {
          tag_id: row.id,
          school_id: schoolId,
          name,
        },
      );
  }

  const today = dutchDate(now);
  // Seeds run as the owner, which may bypass RLS (a superuser in the embedded profile): filter by tenant.
  const years = await db
    .selectFrom('organizations.school_years')
    .select(['id', 'start_date'])
    .where('tenant_id', '=', tenant)
    .execute();
  const yearId = (offset: number) =>
    years.find((y) => y.start_date === schoolYearOf(today, offset).start_date)?.id;
  const current = yearId(0);
  const next = yearId(1);
  if (!current || !next)
    throw new Error(`seed: school years of ${tenant} missing (ensureSchoolYears runs first)`);

  for (const [name, level] of GROUPS) {
    const row = await db
      .insertInto('organizations.groups')
      .values({
        tenant_id: tenant,
        school_id: schoolId,
        school_year_id: current,
        level_id: levelIds.get(level) ?? null,
        name,
        description: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['school_id', 'school_year_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await record(
        at,
        SYSTEM,
        'organizations.group.created',
        { type: 'group', id: row.id },
        {
          group_id: row.id,
          school_id: schoolId,
          name,
          school_year_id: row.school_year_id,
          level_id: row.level_id,
        },
      );
    }
  }

  const cur = schoolYearOf(today);
  const nxt = schoolYearOf(today, 1);
  const [curStart, curEnd] = [Number(cur.start_date.slice(0, 4)), Number(cur.end_date.slice(0, 4))];
  const periods = [
    {
      name: `Stageperiode 1 ${cur.name}`,
      school_year_id: current,
      start_date: `${curStart}-09-01`,
      end_date: `${curEnd}-01-31`,
    },
    {
      name: `Stageperiode 2 ${cur.name}`,
      school_year_id: current,
      start_date: `${curEnd}-02-01`,
      end_date: `${curEnd}-06-30`,
    },
    {
      name: `Stageperiode 1 ${nxt.name}`,
      school_year_id: next,
      start_date: `${curEnd}-09-01`,
      end_date: `${curEnd + 1}-01-31`,
    },
  ];
  for (const p of periods) {
    const exists = await db
      .selectFrom('organizations.internship_periods')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('name', '=', p.name)
      .executeTakeFirst();
    if (exists) continue;
    const row = await db
      .insertInto('organizations.internship_periods')
      .values({
        tenant_id: tenant,
        school_id: schoolId,
        status: 'active',
        created_at: now,
        updated_at: now,
        ...p,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await record(
      at,
      SYSTEM,
      'organizations.internship_period.created',
      { type: 'internship_period', id: row.id },
      {
        internship_period_id: row.id,
        school_id: schoolId,
        school_year_id: row.school_year_id,
        name: row.name,
        start_date: row.start_date,
        end_date: row.end_date,
        status: row.status,
      },
    );
  }

  await seedDemoMentorship(db, tenant, schoolId, now);
  await seedClassmateGroups(db, tenant, schoolId, current, now);
}

/**
 * The demo student's classmates (contracts' `DEMO_CLASSMATES`, identity's accounts) in their seeded
 * groups of the current school year; none without identity. A classmate already in a group (moved by
 * the school) stays where they are.
 */
async function seedClassmateGroups(
  db: TDb,
  tenant: TTenantId,
  schoolId: string,
  schoolYearId: string,
  now: Date,
): Promise<void> {
  const at = { db, tenant: { id: tenant }, now };
  for (const classmate of DEMO_CLASSMATES) {
    const studentId = await demoUserId(db, tenant, classmate.local);
    if (!studentId) continue;
    const group = await db
      .selectFrom('organizations.groups')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('school_id', '=', schoolId)
      .where('school_year_id', '=', schoolYearId)
      .where('name', '=', classmate.group)
      .executeTakeFirst();
    if (!group) continue;
    const row = await db
      .insertInto('organizations.group_memberships')
      .values({
        tenant_id: tenant,
        school_id: schoolId,
        group_id: group.id,
        student_id: studentId,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['school_id', 'student_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row)
      await record(
        at,
        SYSTEM,
        'organizations.group_membership.changed',
        { type: 'user', id: studentId },
        { school_id: schoolId, student_id: studentId, group_id: group.id, previous_group_id: null },
      );
  }
}

/** The demo mentor (`mentor@`) of the demo student (`student@`) at the School; none without identity. */
async function seedDemoMentorship(db: TDb, tenant: TTenantId, schoolId: string, now: Date): Promise<void> {
  const at = { db, tenant: { id: tenant }, now };
  const mentorId = await demoUserId(db, tenant, 'mentor');
  const studentId = await demoUserId(db, tenant, 'student');
  if (!mentorId || !studentId) return;
  const row = await insertMentorship(db, {
    tenant_id: tenant,
    school_id: schoolId,
    mentor_id: mentorId,
    student_id: studentId,
    created_at: now,
  });
  if (row)
    await record(
      at,
      SYSTEM,
      'organizations.mentorship.added',
      { type: 'mentorship', id: row.id },
      mentorshipPayload(row),
    );
}
