import { EMPTY_DOCUMENT } from '@stageplein/contracts/content/content';
import { usableVacancyImage } from '@stageplein/contracts/content/content-policy';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import {
  vacancyKindsFor,
  type TVacancyAction,
  type TVacancyInput,
} from '@stageplein/contracts/placements/vacancies';
import {
  allowsAction,
  deletable,
  editable,
  managesVacancy,
  mayTakeAction,
  publishBlock,
  readsVacancy,
  TARGET_STATUS,
} from '@stageplein/contracts/placements/vacancy-policy';
import { translate } from '@stageplein/contracts/i18n/index';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import { renderRichText } from '@stageplein/kit/rich-text/rich-text';
import type { TCaller } from '../shared/caller.ts';
import { checkOrganizationContact, organizationContacts } from '../shared/organization-contacts.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { findCompliance, findVacancyImage } from '../read-models/index.ts';
import { findPlace, findPostcode, placeKey } from '../geo/gazetteer.ts';
import type { TVacanciesTable } from './vacancies.table.ts';
import {
  deleteVacancy,
  findOrganization,
  findVacancy,
  insertVacancy,
  updateVacancy,
  type TVacancyRow,
} from './vacancies.repository.ts';

type TSnapshot = TEventPayload<'placements.vacancy.updated'>;

export function snapshotOf(v: TVacancyRow): TSnapshot {
  return {
    vacancy_id: v.id,
    organization_id: v.organization_id,
    title: v.title,
    kind: v.kind,
    status: v.status,
    hidden: v.hidden,
    city: v.city,
    latitude: v.latitude,
    longitude: v.longitude,
    places: v.places,
    hours_per_week: v.hours_per_week,
    starts_on: v.starts_on,
    ends_on: v.ends_on,
    published_at: v.published_at?.toISOString() ?? null,
    closes_at: v.closes_at?.toISOString() ?? null,
    updated_at: v.updated_at.toISOString(),
  };
}

const subject = (v: TVacancyRow) => ({ type: 'vacancy', id: v.id });

const facts = (v: TVacancyRow) => ({ organizationId: v.organization_id, status: v.status, hidden: v.hidden });

async function reload(ctx: TCtx, id: string): Promise<TVacancyRow> {
  const row = await findVacancy(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** The vacancy if the caller may read it; 404 otherwise (an unpublished one is not revealed). */
export async function readableVacancy(ctx: TCtx, caller: TCaller, id: string): Promise<TVacancyRow> {
  const row = await findVacancy(ctx.db, id);
  if (!row || !readsVacancy(caller.permissions, caller.current, facts(row))) throw notFound();
  return row;
}

/** Whether the caller sees what only managers and moderators see (the hiding reason). */
export const seesModeration = (caller: TCaller, v: TVacancyRow) =>
  mayTakeAction(caller.permissions, caller.current, v.organization_id, 'hide') ||
  managesVacancy(caller.permissions, caller.current, v.organization_id);

/** The vacancy, locked for the change, if the caller manages it (404 when they may not even read it). */
async function managedVacancy(ctx: TCtx, caller: TCaller, id: string): Promise<TVacancyRow> {
  if (!caller.userId) throw unauthorized();
  const row = await findVacancy(ctx.db, id, { forUpdate: true });
  if (!row || !readsVacancy(caller.permissions, caller.current, facts(row))) throw notFound();
  if (!managesVacancy(caller.permissions, caller.current, row.organization_id)) throw forbidden();
  return row;
}

/**
 * `GET /vacancies/{id}/people`: whom the vacancy's managers may choose as its contact person — the
 * organization's people (`mayBeOrganizationContact`), as for internships (403 for a reader who does
 * not manage it, 404 for one who cannot read it).
 */
export async function vacancyPeople(ctx: TCtx, caller: TCaller, id: string) {
  if (!caller.userId) throw unauthorized();
  const row = await readableVacancy(ctx, caller, id);
  if (!managesVacancy(caller.permissions, caller.current, row.organization_id)) throw forbidden();
  return organizationContacts(ctx.db, row.organization_id);
}

const pointer = (field: string) => ({ pointer: `/data/attributes/${field}` });
const invalid = (field: string) => new ApiError('validation_failed', {}, pointer(field));

/** Field rules that need the tenant or the database (the wire schema checked the rest). */
async function checkInput(
  ctx: TCtx,
  organizationId: string,
  merged: Pick<
    TVacanciesTable,
    'kind' | 'starts_on' | 'ends_on' | 'internship_period_id' | 'contact_person_id' | 'latitude' | 'longitude'
  >,
): Promise<void> {
  if (!vacancyKindsFor(ctx.tenant.features).includes(merged.kind))
    throw new ApiError('vacancy_kind_unavailable', {}, pointer('kind'));
  if (merged.starts_on && merged.ends_on && merged.ends_on < merged.starts_on)
    throw new ApiError('invalid_date_range', {}, pointer('ends_on'));
  // Either dates or one of the schools' periods: both would contradict each other.
  if (merged.internship_period_id && (merged.starts_on || merged.ends_on))
    throw invalid('internship_period_id');
  if ((merged.latitude === null) !== (merged.longitude === null)) throw invalid('longitude');
  // The contact person works for the organization: the internships' rule (contracts), same refusal.
  await checkOrganizationContact(ctx.db, merged.contact_person_id, organizationId, 'contact_person_id');
}

/**
 * A newly chosen image: one of the tenant's stock images or an image upload of the vacancy's own
 * organization that still exists (placements' read model of content's events; a stale choice already
 * on the vacancy is not checked again, it simply shows no image once deleted).
 */
async function checkImage(ctx: TCtx, organizationId: string, uploadId: string | null | undefined) {
  if (!uploadId) return;
  const image = await findVacancyImage(ctx.db, ctx.tenant.id, uploadId);
  if (!usableVacancyImage(image, organizationId))
    throw new ApiError('vacancy_image_unavailable', {}, pointer('image_upload_id'));
}

/**
 * The centre of the town a vacancy names (its postcode's place, else its city, by the search's own
 * gazetteer), when that is not the organization's town: a vacancy in Wezep stands in Wezep, not at its
 * organization's address in Oldebroek, so a search near Wezep finds it. Undefined: the same town or
 * one the gazetteer does not know.
 */
function otherTownPoint(
  town: { city?: string | null | undefined; postcode?: string | null | undefined },
  organization: { city: string | null; postcode: string | null } | undefined,
): { latitude: number; longitude: number } | undefined {
  const same = (a: string | null | undefined, b: string | null | undefined, key: (v: string) => string) =>
    !!a && !!b && key(a) === key(b);
  const postcode4 = (v: string) => v.replace(/\s/g, '').slice(0, 4);
  if (same(town.city, organization?.city, placeKey) || same(town.postcode, organization?.postcode, postcode4))
    return undefined;
  const place =
    (town.postcode ? findPostcode(town.postcode) : undefined) ??
    (town.city ? findPlace(town.city) : undefined);
  return place && { latitude: place.lat, longitude: place.lng };
}

const emptyToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/** Input fields as columns (undefined: not given). */
function columnsOf(input: Partial<TVacancyInput>): Partial<Omit<TVacancyRow, 'id'>> {
  const { organization_id: _organizationId, description, postcode, closes_at, image_alt, ...rest } = input;
  return {
    ...rest,
    ...(image_alt !== undefined ? { image_alt: emptyToNull(image_alt) } : {}),
    // Choosing an upload (or none) replaces a legacy image address for good.
    ...(input.image_upload_id !== undefined ? { image_url: null } : {}),
    ...(description ? { description, description_html: renderRichText(description) } : {}),
    ...(postcode !== undefined ? { postcode: emptyToNull(postcode)?.toUpperCase() ?? null } : {}),
    ...(closes_at !== undefined ? { closes_at: closes_at ? new Date(closes_at) : null } : {}),
  };
}

/**
 * A draft of the caller's current organization (or the one named, which must be theirs). Location:
 * the organization's city, postcode and coordinates unless the input gives its own.
 */
export async function createVacancy(ctx: TCtx, caller: TCaller, input: TVacancyInput): Promise<TVacancyRow> {
  if (!caller.userId) throw unauthorized();
  const organizationId = input.organization_id ?? caller.current?.id;
  if (!organizationId || !managesVacancy(caller.permissions, caller.current, organizationId))
    throw forbidden();
  const organization = await findOrganization(ctx.db, organizationId);
  const ownLocation = input.latitude != null || input.longitude != null;
  const town = ownLocation ? undefined : otherTownPoint(input, organization);
  const description = input.description ?? EMPTY_DOCUMENT;
  const row = {
    tenant_id: ctx.tenant.id,
    organization_id: organizationId,
    title: input.title,
    description,
    description_html: renderRichText(description),
    street: input.street ?? null,
    postcode:
      emptyToNull(input.postcode)?.toUpperCase() ?? (input.city ? null : (organization?.postcode ?? null)),
    city: input.city ?? organization?.city ?? null,
    latitude: ownLocation ? (input.latitude ?? null) : (town?.latitude ?? organization?.latitude ?? null),
    longitude: ownLocation ? (input.longitude ?? null) : (town?.longitude ?? organization?.longitude ?? null),
    places: input.places ?? 1,
    hours_per_week: input.hours_per_week ?? null,
    starts_on: input.starts_on ?? null,
    ends_on: input.ends_on ?? null,
    internship_period_id: input.internship_period_id ?? null,
    level_ids: input.level_ids ?? [],
    tag_ids: input.tag_ids ?? [],
    kind: input.kind ?? vacancyKindsFor(ctx.tenant.features)[0]!,
    contact_person_id: input.contact_person_id ?? null,
    image_url: null,
    image_upload_id: input.image_upload_id ?? null,
    image_alt: emptyToNull(input.image_alt) ?? null,
    status: 'draft' as const,
    published_at: null,
    closes_at: input.closes_at ? new Date(input.closes_at) : null,
    hidden: false,
    hidden_reason: null,
    hidden_by: null,
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await checkInput(ctx, organizationId, row);
  await checkImage(ctx, organizationId, row.image_upload_id);
  const id = await insertVacancy(ctx.db, row);
  const created = await reload(ctx, id);
  await record(ctx, caller, 'placements.vacancy.created', subject(created), snapshotOf(created));
  return created;
}

/** PATCH by a manager: any field but the status (the transition endpoints change that). */
export async function changeVacancy(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: Partial<TVacancyInput>,
): Promise<TVacancyRow> {
  const current = await managedVacancy(ctx, caller, id);
  if (!editable(current.status)) throw new ApiError('vacancy_not_editable');
  if (input.organization_id !== undefined && input.organization_id !== current.organization_id)
    throw invalid('organization_id');
  const changes = columnsOf(input);
  // A new town without coordinates of its own moves the vacancy there (createVacancy's rule).
  const moved =
    (changes.city !== undefined && changes.city !== current.city) ||
    (changes.postcode !== undefined && changes.postcode !== current.postcode);
  if (moved && input.latitude === undefined && input.longitude === undefined) {
    const town = otherTownPoint(
      { city: changes.city ?? current.city, postcode: changes.postcode ?? current.postcode },
      await findOrganization(ctx.db, current.organization_id),
    );
    if (town) Object.assign(changes, town);
  }
  await checkInput(ctx, current.organization_id, { ...current, ...changes });
  if (changes.image_upload_id !== current.image_upload_id)
    await checkImage(ctx, current.organization_id, changes.image_upload_id);
  await updateVacancy(ctx.db, id, { ...changes, updated_at: ctx.now });
  const row = await reload(ctx, id);
  await record(ctx, caller, 'placements.vacancy.updated', subject(row), snapshotOf(row));
  return row;
}

/** Only drafts are deleted; a published vacancy is closed or archived (its history stays). */
export async function removeVacancy(ctx: TCtx, caller: TCaller, id: string): Promise<void> {
  const current = await managedVacancy(ctx, caller, id);
  if (!deletable(current.status)) throw new ApiError('vacancy_not_deletable');
  await deleteVacancy(ctx.db, id);
  await record(ctx, caller, 'placements.vacancy.deleted', subject(current), {
    ...snapshotOf(current),
    updated_at: ctx.now.toISOString(),
  });
}

/**
 * The one place a vacancy goes live: every publish gate is checked here (an approved organization
 * whose required compliance documents are in order), for every caller (routes, seeds).
 */
export async function publishVacancy(ctx: TCtx, caller: TCaller, vacancy: TVacancyRow): Promise<TVacancyRow> {
  if (!allowsAction(vacancy, 'publish')) throw new ApiError('invalid_vacancy_action');
  const compliance = await findCompliance(ctx.db, vacancy.organization_id);
  const block = publishBlock((await findOrganization(ctx.db, vacancy.organization_id)) ?? null, compliance);
  if (block === 'compliance_not_met') {
    const lang = ctx.lang ?? 'nl';
    const kinds = compliance!.blocking_kinds.map((k) =>
      translate(lang, `organizations.compliance.kinds.${k}`),
    );
    throw new ApiError(block, { kinds: kinds.join(', ') });
  }
  if (block) throw new ApiError(block);
  await updateVacancy(ctx.db, vacancy.id, {
    status: 'published',
    published_at: ctx.now,
    updated_at: ctx.now,
  });
  const row = await reload(ctx, vacancy.id);
  await record(ctx, caller, 'placements.vacancy.published', subject(row), snapshotOf(row));
  return row;
}

/** The transition endpoints: who may (`mayTakeAction`), whether the state allows it, then the change. */
export async function takeAction(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  action: TVacancyAction,
  reason?: string,
): Promise<TVacancyRow> {
  if (!caller.userId) throw unauthorized();
  const vacancy = await findVacancy(ctx.db, id, { forUpdate: true });
  if (!vacancy || !readsVacancy(caller.permissions, caller.current, facts(vacancy))) throw notFound();
  if (!mayTakeAction(caller.permissions, caller.current, vacancy.organization_id, action)) throw forbidden();
  if (action === 'publish') return publishVacancy(ctx, caller, vacancy);
  if (!allowsAction(vacancy, action)) throw new ApiError('invalid_vacancy_action');
  if (action === 'hide' || action === 'unhide') {
    const hidden = action === 'hide';
    await updateVacancy(ctx.db, id, {
      hidden,
      hidden_reason: hidden ? (reason ?? null) : null,
      hidden_by: hidden ? caller.userId : null,
      updated_at: ctx.now,
    });
    const row = await reload(ctx, id);
    const type = hidden ? 'placements.vacancy.hidden' : 'placements.vacancy.unhidden';
    await record(ctx, caller, type, subject(row), {
      ...snapshotOf(row),
      reason: hidden ? (reason ?? null) : vacancy.hidden_reason,
    });
    return row;
  }
  await updateVacancy(ctx.db, id, { status: TARGET_STATUS[action], updated_at: ctx.now });
  const row = await reload(ctx, id);
  const type = action === 'close' ? 'placements.vacancy.closed' : 'placements.vacancy.archived';
  await record(ctx, caller, type, subject(row), snapshotOf(row));
  return row;
}
