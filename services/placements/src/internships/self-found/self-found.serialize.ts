import type { TSelfFoundResource } from '@stageplein/contracts/placements/self-found';
import type { TInternshipRow } from '../internships.repository.ts';
import type { TSelfFoundRow } from './self-found.repository.ts';

export function selfFoundResource(i: TInternshipRow, d: TSelfFoundRow): TSelfFoundResource {
  return {
    type: 'self_found_internship',
    id: i.id,
    attributes: {
      internship_id: i.id,
      title: i.title,
      description: i.description,
      start_date: i.start_date,
      end_date: i.end_date,
      organization_name: i.organization_name,
      organization_address: d.organization_address,
      organization_postcode: d.organization_postcode,
      organization_city: d.organization_city,
      organization_website: d.organization_website,
      contact_name: i.contact_name,
      contact_email: i.contact_email,
      contact_phone_number: i.contact_phone_number,
      status: i.status,
      status_reason: i.status_reason,
      organization_state: d.organization_state,
      organization_id: i.organization_id,
      created_at: i.created_at.toISOString(),
    },
  };
}
