import { fileUrl } from '@stageplein/contracts/content/media';
import type { TVacancyResource } from '@stageplein/contracts/placements/vacancies';
import type { TVacancyRow } from './vacancies.repository.ts';

/** `hidden_reason` only for those who manage or moderate the vacancy (`withModeration`). */
export const vacancyResource = (v: TVacancyRow, withModeration: boolean): TVacancyResource => ({
  type: 'vacancy',
  id: v.id,
  attributes: {
    title: v.title,
    description: v.description,
    description_html: v.description_html,
    organization_id: v.organization_id,
    organization_name: v.organization_name,
    street: v.street,
    postcode: v.postcode,
    city: v.city,
    latitude: v.latitude,
    longitude: v.longitude,
    places: v.places,
    ...(v.places_taken !== undefined
      ? { places_left: Math.max(0, v.places - v.places_taken), full: v.places_taken >= v.places }
      : {}),
    hours_per_week: v.hours_per_week,
    starts_on: v.starts_on,
    ends_on: v.ends_on,
    internship_period_id: v.internship_period_id,
    level_ids: v.level_ids,
    tag_ids: v.tag_ids,
    kind: v.kind,
    contact_person_id: v.contact_person_id,
    image_upload_id: v.image_upload_id,
    // A deleted upload shows no image (not the legacy address it replaced).
    image_url: v.image_upload_id ? (v.image_hash ? fileUrl(v.image_hash) : null) : v.image_url,
    image_alt: (v.image_upload_id && v.image_hash ? (v.image_alt ?? v.image_stock_alt) : null) ?? '',
    status: v.status,
    published_at: v.published_at?.toISOString() ?? null,
    closes_at: v.closes_at?.toISOString() ?? null,
    hidden: v.hidden,
    hidden_reason: withModeration ? v.hidden_reason : null,
    created_at: v.created_at.toISOString(),
    updated_at: v.updated_at.toISOString(),
  },
  relationships: { organization: { data: { type: 'organization', id: v.organization_id } } },
});
