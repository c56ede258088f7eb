import type { TLinks, TResource } from '@stageplein/contracts/jsonapi/jsonapi';
import type {
  TOrganizationAttributes,
  TOrganizationResource,
  TProfileAttributes,
} from '@stageplein/contracts/organizations/organizations';
import { collectionDocument, resource, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TOrganizationComplianceAttributes } from '@stageplein/contracts/organizations/compliance';
import type { TSignupRow } from '../signups/signups.repository.ts';
import type { TPublicVacancyRow } from '../vacancies-read-model/vacancies-read-model.repository.ts';
import type { TOrganizationListRow, TOrganizationRow } from './organizations.repository.ts';

/** A loaded organization, or a row of the list (timestamps already formatted by the database). */
type TSerializable = TOrganizationRow | TOrganizationListRow;

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

export function organizationAttributes(o: TSerializable): TOrganizationAttributes {
  return {
    name: o.name,
    status: o.status,
    website: o.website,
    city: o.city,
    parent_id: o.parent_id,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
  };
}

export function profileAttributes(o: TSerializable): TProfileAttributes {
  return {
    name: o.name,
    description: o.description,
    website: o.website,
    city: o.city,
    address: o.address,
    postcode: o.postcode,
    latitude: o.latitude,
    longitude: o.longitude,
    phone: o.phone,
    email: o.email,
    logo_url: o.logo_url,
    contact_name: o.contact_name,
    contact_email: o.contact_email,
    contact_phone: o.contact_phone,
  };
}

export interface TSerializeOptions {
  include: readonly string[];
  /** Signups the caller may see, by organization id (include=signup). */
  signups?: ReadonlyMap<string, TSignupRow>;
  /** Compliance states the caller may see, by organization id (include=compliance). */
  compliance?: ReadonlyMap<string, TOrganizationComplianceAttributes>;
  /** Public vacancies by organization id (include=vacancies), from the read model of placements' events. */
  vacancies?: ReadonlyMap<string, readonly TPublicVacancyRow[]>;
}

/** A vacancy as `included` shows it: the summary organizations keeps; the whole one is placements'. */
function vacancySummary(v: TPublicVacancyRow): TResource {
  return {
    type: 'vacancy',
    id: v.id,
    attributes: {
      title: v.title,
      kind: v.kind,
      organization_id: v.organization_id,
      city: v.city,
      latitude: v.latitude,
      longitude: v.longitude,
      places: v.places,
      hours_per_week: v.hours_per_week,
      starts_on: v.starts_on,
      ends_on: v.ends_on,
      published_at: v.published_at?.toISOString() ?? null,
      closes_at: v.closes_at?.toISOString() ?? null,
    },
  };
}

/** The JSON:API `type` of an organization is its organization type (spec §3). */
export function organizationResource(o: TSerializable, options: TSerializeOptions): TOrganizationResource {
  const relationships: TOrganizationResource['relationships'] = {
    profile: { data: { type: 'profile', id: o.id } },
    parent: { data: o.parent_id && o.parent_type ? { type: o.parent_type, id: o.parent_id } : null },
  };
  // Published, not hidden vacancies (organizations' read model of the placements service's events).
  if (options.include.includes('vacancies'))
    relationships.vacancies = {
      data: (options.vacancies?.get(o.id) ?? []).map((v) => ({ type: 'vacancy', id: v.id })),
    };
  if (options.include.includes('signup')) {
    relationships.signup = {
      data: options.signups?.has(o.id) ? { type: 'organization_signup', id: o.id } : null,
    };
  }
  if (options.include.includes('compliance')) {
    relationships.compliance = {
      data: options.compliance?.has(o.id) ? { type: 'organization_compliance', id: o.id } : null,
    };
  }
  // Built directly: the attributes are snake_case already (kit `resource` would copy them key by key).
  return { type: o.type, id: o.id, attributes: organizationAttributes(o), relationships };
}

function includedOf(rows: readonly TSerializable[], options: TSerializeOptions): TResource[] {
  const included: TResource[] = [];
  if (options.include.includes('profile')) {
    for (const o of rows) included.push(resource('profile', o.id, { ...profileAttributes(o) }));
  }
  if (options.include.includes('vacancies')) {
    for (const o of rows)
      for (const v of options.vacancies?.get(o.id) ?? []) included.push(vacancySummary(v));
  }
  if (options.include.includes('signup')) {
    for (const o of rows) {
      const s = options.signups?.get(o.id);
      if (!s) continue;
      included.push(
        resource('organization_signup', o.id, {
          admin_email: s.admin_email,
          admin_first_name: s.admin_first_name,
          admin_last_name: s.admin_last_name,
          locale: s.locale,
          created_at: s.created_at.toISOString(),
        }),
      );
    }
  }
  if (options.include.includes('compliance')) {
    for (const o of rows) {
      const c = options.compliance?.get(o.id);
      if (c) included.push({ type: 'organization_compliance', id: o.id, attributes: c });
    }
  }
  return included;
}

export function organizationDocument(o: TOrganizationRow, options: TSerializeOptions) {
  return resourceDocument(organizationResource(o, options), { included: includedOf([o], options) });
}

export function organizationsDocument(
  rows: readonly TSerializable[],
  options: TSerializeOptions & { total: number; links?: TLinks },
  meta?: Record<string, unknown>,
) {
  const doc = collectionDocument(
    rows.map((o) => organizationResource(o, options)),
    { included: includedOf(rows, options), total: options.total, links: options.links },
  );
  return meta ? { ...doc, meta: { ...doc.meta, ...meta } } : doc;
}
