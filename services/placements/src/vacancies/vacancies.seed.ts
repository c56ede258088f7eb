import { sql } from 'kysely';
import {
  uuidV5,
  SEED_NAMESPACE,
  SEED_STOCK_IMAGE_COUNT,
  seedOrganizationId,
  seedStockImageUploadId,
} from '@stageplein/contracts/domain/seed-ids';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { vacancyKindsFor, type TVacancyStatus } from '@stageplein/contracts/placements/vacancies';
import { renderRichText } from '@stageplein/kit/rich-text/rich-text';
import { doc, h, p, ul } from '@stageplein/kit/rich-text/rich-text-builders';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import { findVacancy } from './vacancies.repository.ts';
import { snapshotOf } from './vacancies.service.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { townsFor } from './towns.ts';

interface TTemplate {
  title: string;
  /** The seeded organization that offers it (organizations' seed: a buurthuis and a zorgcentrum). */
  by: 'nonprofit' | 'provider';
  /** Social work (volunteering, a social internship) rather than a vocational one. */
  social: boolean;
  hours: number;
  places: number;
  intro: string;
  tasks: string[];
  offer: string;
  status: TVacancyStatus;
}

const TEMPLATES: readonly TTemplate[] = [
  {
    title: 'Gastvrouw of gastheer in het buurthuis',
    by: 'nonprofit',
    social: true,
    hours: 4,
    places: 3,
    intro:
      'In ons buurthuis komen elke dag buurtbewoners binnen voor een kop koffie, een praatje of een activiteit.',
    tasks: [
      'Bezoekers ontvangen en wegwijs maken',
      'Koffie en thee schenken',
      'Helpen bij de weekactiviteiten',
    ],
    offer: 'Een gezellig team, een vaste begeleider en een bewijs van je stage-uren.',
    status: 'published',
  },
  {
    title: 'Huiswerkbegeleiding voor basisschoolkinderen',
    by: 'nonprofit',
    social: true,
    hours: 3,
    places: 4,
    intro: 'Twee middagen per week helpen we kinderen uit de wijk met lezen, rekenen en hun huiswerk.',
    tasks: ['Kinderen helpen met lezen en rekenen', 'Samen spelletjes doen na het huiswerk'],
    offer: 'Je leert uitleggen en krijgt een training van onze coördinator.',
    status: 'published',
  },
  {
    title: 'Activiteitenbegeleider in het zorgcentrum',
    by: 'provider',
    social: true,
    hours: 6,
    places: 2,
    intro: 'Onze bewoners genieten van een spelletje, muziek of een wandeling in de tuin.',
    tasks: [
      'Activiteiten voorbereiden en begeleiden',
      'Bewoners ophalen en terugbrengen',
      'Een luisterend oor bieden',
    ],
    offer: 'Begeleiding door een activiteitenbegeleider en een afsluitend gesprek.',
    status: 'published',
  },
  {
    title: 'Stage helpende zorg en welzijn',
    by: 'provider',
    social: false,
    hours: 24,
    places: 2,
    intro: 'Je loopt mee op een woongroep en helpt bewoners bij hun dagelijkse bezigheden.',
    tasks: [
      'Helpen bij de maaltijden',
      'Ondersteunen bij de persoonlijke verzorging',
      'Rapporteren in het dossier',
    ],
    offer: 'Een vaste werkbegeleider, een stagevergoeding en ruimte om je opdrachten uit te voeren.',
    status: 'published',
  },
  {
    title: 'Koken voor de buurtmaaltijd',
    by: 'nonprofit',
    social: true,
    hours: 4,
    places: 3,
    intro: 'Elke donderdag koken we met vrijwilligers een driegangenmenu voor veertig buurtgenoten.',
    tasks: ['Boodschappen uitpakken en groente snijden', 'Meekoken en serveren', 'Afwassen en opruimen'],
    offer: 'Je eet natuurlijk gezellig mee.',
    status: 'published',
  },
  {
    title: 'Wandelmaatje voor ouderen',
    by: 'provider',
    social: true,
    hours: 2,
    places: 5,
    intro: 'Veel bewoners komen niet meer zelfstandig buiten. Met een wandelmaatje kan dat wel.',
    tasks: ['Wekelijks wandelen met een vaste bewoner', 'Samen een kopje koffie drinken in het dorp'],
    offer: 'Flexibele tijden, in overleg met de bewoner.',
    status: 'published',
  },
  {
    title: 'Stage facilitair medewerker',
    by: 'provider',
    social: false,
    hours: 32,
    places: 1,
    intro: 'Het facilitaire team zorgt dat alles in huis klaarstaat: van vergaderzaal tot restaurant.',
    tasks: ['Zalen klaarzetten', 'Bestellingen controleren en verwerken', 'Meewerken in het restaurant'],
    offer: 'Een afwisselende stage met veel contact met collega’s en bewoners.',
    status: 'published',
  },
  {
    title: 'Sport en spel met kinderen in de wijk',
    by: 'nonprofit',
    social: true,
    hours: 3,
    places: 4,
    intro: 'Op woensdagmiddag organiseren we sport en spel op het trapveldje achter het buurthuis.',
    tasks: ['Spellen bedenken en uitleggen', 'Teams indelen en scheidsrechter zijn'],
    offer: 'Je werkt samen met een jongerenwerker.',
    status: 'published',
  },
  {
    title: 'Stage receptie en administratie',
    by: 'provider',
    social: false,
    hours: 24,
    places: 1,
    intro: 'Aan de receptie ben je het eerste aanspreekpunt voor bezoekers, bewoners en leveranciers.',
    tasks: ['Telefoon aannemen en doorverbinden', 'Bezoekers ontvangen', 'Post en planning bijhouden'],
    offer: 'Een stagevergoeding en een werkplek in een hecht team.',
    status: 'closed',
  },
  {
    title: 'Taalmaatje voor nieuwkomers',
    by: 'nonprofit',
    social: true,
    hours: 2,
    places: 6,
    intro: 'Nieuwkomers in de gemeente oefenen graag Nederlands in gewone gesprekken.',
    tasks: ['Wekelijks een uur praten over alledaagse dingen', 'Samen naar de markt of de bibliotheek'],
    offer: 'Een korte training en een vast aanspreekpunt bij het buurthuis.',
    status: 'published',
  },
  {
    title: 'Helpen bij het repaircafé',
    by: 'nonprofit',
    social: true,
    hours: 3,
    places: 2,
    intro: 'Eén zaterdag per maand repareren we samen kapotte spullen van buurtbewoners.',
    tasks: ['Bezoekers inschrijven', 'Meekijken met de reparateurs'],
    offer: 'Je leert van alles over techniek en duurzaamheid.',
    status: 'draft',
  },
  {
    title: 'Stage technische dienst',
    by: 'provider',
    social: false,
    hours: 32,
    places: 1,
    intro: 'De technische dienst houdt het gebouw, de installaties en de tuin in goede staat.',
    tasks: ['Storingen verhelpen', 'Preventief onderhoud uitvoeren'],
    offer: 'Begeleiding door een ervaren monteur.',
    status: 'draft',
  },
];

const body = (t: TTemplate): TRichTextDocument =>
  doc(
    p(t.intro),
    h('Wat ga je doen?'),
    ul(...t.tasks.map((task) => [task])),
    h('Wat bieden wij?'),
    p(t.offer),
  );

/**
 * The school catalogue's levels and tags of each template (by index; organizations' seed names them),
 * so the bank's level and tag filters have something to find on `npm start`.
 */
const CATALOGUE: readonly { levels: string[]; tags: string[] }[] = [
  { levels: ['vmbo-t', 'havo'], tags: ['Cultuur'] },
  { levels: ['havo', 'vwo'], tags: ['Cultuur'] },
  { levels: ['vmbo-bb', 'vmbo-kb'], tags: ['Zorg'] },
  { levels: ['vmbo-kb', 'vmbo-t'], tags: ['Zorg'] },
  { levels: ['vmbo-bb'], tags: ['Cultuur'] },
  { levels: ['havo', 'vwo'], tags: ['Zorg', 'Natuur'] },
  { levels: ['vmbo-bb', 'vmbo-kb'], tags: ['Techniek'] },
  { levels: ['vmbo-t', 'havo'], tags: ['Sport'] },
  { levels: ['vmbo-t', 'havo'], tags: [] },
  { levels: ['vwo'], tags: ['Cultuur'] },
  { levels: ['vmbo-kb', 'vmbo-t'], tags: ['Techniek'] },
  { levels: ['vmbo-kb', 'vmbo-t'], tags: ['Techniek'] },
];

/**
 * The ids of the demo School's levels or tags by name. Seeds run before any event is delivered, so
 * this reads organizations' published events (its outbox, as the back-fill does); empty where
 * organizations is not part of the installation.
 */
async function catalogueIds(ctx: TCtx, kind: 'level' | 'tag'): Promise<Map<string, string>> {
  const { rows: exists } = await sql<{
    t: string | null;
  }>`select to_regclass('organizations.outbox')::text as t`.execute(ctx.db);
  if (!exists[0]?.t) return new Map();
  const { rows } = await sql<{ id: string; name: string }>`
    select envelope->'data'->>${`${kind}_id`} as id, envelope->'data'->>'name' as name
    from organizations.outbox
    where type = ${`organizations.${kind}.created`} and envelope->>'tenant' = ${ctx.tenant.id}
      and envelope->'data'->>'school_id' = ${seedOrganizationId(ctx.tenant.id, 'school')}
    order by seq`.execute(ctx.db);
  return new Map(rows.map((r) => [r.name, r.id]));
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Stable id of a tenant's n-th seeded vacancy. */
export const seedVacancyId = (tenant: string, n: number) => uuidV5(`${tenant}:vacancy:${n}`, SEED_NAMESPACE);

/**
 * Demo vacancies of the tenant's seeded buurthuis and zorgcentrum, spread over real towns near its map
 * centre: most published, one closed, two drafts. Idempotent (fixed ids): an existing one is left as
 * it is, and only a new one writes its event. Seeds run before the relay, so the organizations read
 * model may still be empty: the rows are written directly (the seeded organizations are approved).
 */
export async function seedVacancies(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  const towns = townsFor(tenant.id);
  const [vocational, social] = tenant.features.traineeship
    ? (['traineeship', 'internship'] as const)
    : (['internship', 'volunteer'] as const);
  if (!vacancyKindsFor(tenant.features).includes(social)) throw new Error('seed kinds out of date');
  const levels = await catalogueIds(ctx, 'level');
  const tags = await catalogueIds(ctx, 'tag');
  const idsOf = (names: readonly string[] | undefined, by: Map<string, string>) =>
    (names ?? []).flatMap((name) => by.get(name) ?? []);
  for (const [n, t] of TEMPLATES.entries()) {
    const id = seedVacancyId(tenant.id, n);
    const town = towns[n % towns.length]!;
    // A few hundred metres apart within a town, so markers do not sit on top of each other.
    const jitter = ((n * 37) % 11) / 2000;
    const description = body(t);
    const published = t.status === 'published' || t.status === 'closed';
    const inserted = await ctx.db
      .insertInto('placements.vacancies')
      .values({
        id,
        tenant_id: tenant.id,
        organization_id: seedOrganizationId(tenant.id, t.by),
        title: t.title,
        description,
        description_html: renderRichText(description),
        street: null,
        postcode: town.postcode,
        city: town.town,
        latitude: Math.round((town.lat + jitter) * 1e6) / 1e6,
        longitude: Math.round((town.lng - jitter) * 1e6) / 1e6,
        places: t.places,
        hours_per_week: t.hours,
        starts_on: isoDate(addDays(today, 14 + n * 7)),
        ends_on: isoDate(addDays(today, 14 + n * 7 + (t.social ? 84 : 140))),
        internship_period_id: null,
        level_ids: idsOf(CATALOGUE[n]?.levels, levels),
        tag_ids: idsOf(CATALOGUE[n]?.tags, tags),
        kind: t.social ? social : vocational,
        contact_person_id: null,
        image_url: null,
        // The first few show one of the tenant's seeded stock images (content seeds them with these ids;
        // the picture appears once content's events reached placements.images).
        image_upload_id: n < SEED_STOCK_IMAGE_COUNT ? seedStockImageUploadId(tenant.id, n) : null,
        image_alt: null,
        status: t.status,
        published_at: published ? addDays(today, -(n + 1)) : null,
        closes_at: t.status === 'published' ? addDays(today, 60 + n * 3) : null,
        hidden: false,
        hidden_reason: null,
        hidden_by: null,
        created_by: null,
        created_at: addDays(today, -(n + 2)),
        updated_at: addDays(today, -(n + 1)),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    const row = (await findVacancy(ctx.db, id))!;
    await record(ctx, SYSTEM, 'placements.vacancy.created', { type: 'vacancy', id }, snapshotOf(row));
    if (published)
      await record(
        ctx,
        SYSTEM,
        'placements.vacancy.published',
        { type: 'vacancy', id },
        {
          ...snapshotOf(row),
          status: 'published',
        },
      );
    if (t.status === 'closed')
      await record(ctx, SYSTEM, 'placements.vacancy.closed', { type: 'vacancy', id }, snapshotOf(row));
  }
}
