import type { Generated } from 'kysely';

/** The tenant's library of stock images: an image upload with its title, author and licence. */
export interface TStockImagesTable {
  id: Generated<string>;
  tenant_id: string;
  upload_id: string;
  title: string;
  alt: string;
  author: string | null;
  license: string;
  license_url: string | null;
  source: string | null;
  created_at: Date;
  updated_at: Date;
}
