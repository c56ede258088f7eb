import type { Generated } from 'kysely';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import type { TVacancyKind, TVacancyStatus } from '@stageplein/contracts/placements/vacancies';

/** A vacancy (migration 20261201T0930-vacancies; the search columns are vacancy-search's). */
export interface TVacanciesTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  title: string;
  description: TRichTextDocument;
  description_html: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  places: number;
  hours_per_week: number | null;
  /** Dates as `YYYY-MM-DD` (the pg type parser of kit keeps `date` as text). */
  starts_on: string | null;
  ends_on: string | null;
  internship_period_id: string | null;
  level_ids: string[];
  tag_ids: string[];
  kind: TVacancyKind;
  contact_person_id: string | null;
  /** Legacy: an image address typed before uploads (shown while no upload is chosen). */
  image_url: string | null;
  /** Content's upload (a stock image or the organization's own; `placements.images`). */
  image_upload_id: string | null;
  image_alt: string | null;
  status: TVacancyStatus;
  published_at: Date | null;
  closes_at: Date | null;
  hidden: boolean;
  hidden_reason: string | null;
  hidden_by: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}
