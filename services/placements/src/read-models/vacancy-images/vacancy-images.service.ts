import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../../shared/request.ts';

export const VACANCY_IMAGE_EVENTS = [
  'content.upload.created',
  'content.upload.deleted',
  'content.stock_image.created',
  'content.stock_image.updated',
  'content.stock_image.deleted',
] as const;

/**
 * Keeps `placements.images`: content's image uploads (who owns them) and which are stock images (with
 * their alt text), so a vacancy's image is checked and served without asking content. Every event
 * upserts by upload id, so their order does not matter (Kafka orders per subject only); a deleted upload
 * stays deleted. Idempotent per event id.
 */
export async function applyImageEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  switch (event.type) {
    case 'content.upload.created':
    case 'content.upload.deleted': {
      const u = EVENT_PAYLOADS[event.type].parse(event.data);
      if (u.kind !== 'image') return;
      const deleted = event.type === 'content.upload.deleted';
      await sql`
        insert into placements.images (tenant_id, upload_id, hash, organization_id, deleted)
        values (${event.tenant}, ${u.upload_id}, ${u.hash}, ${u.organization_id ?? null}, ${deleted})
        on conflict (tenant_id, upload_id) do update set organization_id = excluded.organization_id,
          deleted = placements.images.deleted or excluded.deleted`.execute(ctx.db);
      return;
    }
    default: {
      const s = EVENT_PAYLOADS[event.type as (typeof VACANCY_IMAGE_EVENTS)[number]].parse(event.data) as {
        stock_image_id: string;
        upload_id: string;
        hash: string;
        alt?: string;
      };
      const removed = event.type === 'content.stock_image.deleted';
      // A stock image's upload may arrive after it (another subject): insert it owned by the tenant.
      await sql`
        insert into placements.images (tenant_id, upload_id, hash, stock_image_id, stock_alt)
        values (${event.tenant}, ${s.upload_id}, ${s.hash}, ${removed ? null : s.stock_image_id},
          ${removed ? null : (s.alt ?? null)})
        on conflict (tenant_id, upload_id) do update
          set stock_image_id = excluded.stock_image_id, stock_alt = excluded.stock_alt`.execute(ctx.db);
    }
  }
}
