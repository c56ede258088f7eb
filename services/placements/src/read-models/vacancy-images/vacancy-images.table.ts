/** Content's image uploads and stock images, as vacancies need them (migration 20270105T1100-vacancy-images). */
export interface TImagesTable {
  tenant_id: string;
  upload_id: string;
  /** SHA-256 of the stored file: its address `/api/v1/cms/files/<hash>`. */
  hash: string;
  /** The organization whose admin uploaded it; null: the tenant's (content editors'). */
  organization_id: string | null;
  /** Set while the upload is in the tenant's stock image library. */
  stock_image_id: string | null;
  stock_alt: string | null;
  deleted: boolean;
}
