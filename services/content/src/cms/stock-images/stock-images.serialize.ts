import { fileUrl, type TStockImageResource } from '@stageplein/contracts/content/media';
import type { TStockImageView } from './stock-images.repository.ts';

export const stockImageResource = (s: TStockImageView): TStockImageResource => ({
  type: 'stock_image',
  id: s.id,
  attributes: {
    upload_id: s.upload_id,
    hash: s.hash,
    url: fileUrl(s.hash),
    width: s.width,
    height: s.height,
    title: s.title,
    alt: s.alt,
    author: s.author,
    license: s.license,
    license_url: s.license_url,
    source: s.source,
    created_at: s.created_at.toISOString(),
  },
});
