import type { Kysely } from 'kysely';
import { DEFAULT_MAIN_MENU } from '@stageplein/contracts/content/default-menu';
import { MAIN_MENU_SLUG } from '@stageplein/contracts/content/menu';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TContentDb } from '../database.ts';
import { insertMenu } from './menus/menus.repository.ts';
import { createMenuItem, changeMenuItem } from './menus/menus.service.ts';
import { changePage, createPage } from './pages/pages.service.ts';
import { createArticle } from './news/news.service.ts';
import { type TCtx } from '../shared/request.ts';
import { SYSTEM } from '../shared/caller.ts';
import { seedNews } from './seed-news.ts';
import { seedPages } from './seed-pages.ts';
import { SEED_STOCK_IMAGES, preparedSeedImage } from './seed-stock-images.ts';
import { createStockImage } from './stock-images/stock-images.service.ts';
import { postgresStorage } from './uploads/storage.ts';
import { storePrepared } from './uploads/uploads.service.ts';
import { seedStockImageUploadId } from '@stageplein/contracts/domain/seed-ids';

/**
 * Seeds run on the owner connection, which may bypass RLS (a superuser does): every lookup here names
 * the tenant itself.
 */
const exists = async (
  db: Kysely<TContentDb>,
  table: 'content.pages' | 'content.menus' | 'content.news_articles',
  tenant: string,
  slug: string,
) =>
  !!(await db
    .selectFrom(table)
    .select('slug')
    .where('tenant_id', '=', tenant)
    .where('slug', '=', slug)
    .executeTakeFirst());

/**
 * A tenant's starting site (embedded profile): pages, the main menu, news and stock images, through the
 * same use cases as an editor's (events and audit log included), once: what exists is left alone, so an
 * editor's changes survive a restart.
 */
export async function seedCms(db: Kysely<TContentDb>, tenant: TTenant, today: Date): Promise<void> {
  const ctx = (lang: TCtx['lang']): TCtx => ({ db, tenant, now: today, lang });

  for (const page of seedPages(tenant)) {
    if (await exists(db, 'content.pages', tenant.id, page.slug)) continue;
    const created = await createPage(ctx('nl'), SYSTEM, {
      slug: page.slug,
      locale: 'nl',
      status: 'published',
      ...page.text.nl,
    });
    await changePage(ctx('en'), SYSTEM, created, { locale: 'en', status: 'published', ...page.text.en });
  }

  if (!(await exists(db, 'content.menus', tenant.id, MAIN_MENU_SLUG))) {
    const menu = await insertMenu(db, { tenant_id: tenant.id, slug: MAIN_MENU_SLUG, created_at: today });
    // The built-in default menu (contracts/src/content/default-menu.ts), its ids mapped to the new rows.
    const ids = new Map<string, string>();
    for (const [position, item] of DEFAULT_MAIN_MENU.entries()) {
      const row = await createMenuItem(ctx('nl'), SYSTEM, {
        menu_id: menu.id,
        parent_id: item.parentId ? ids.get(item.parentId)! : null,
        link_type: item.linkType,
        path: item.path ?? null,
        system_page_id: item.systemPageId ?? null,
        title: item.title.nl,
        position,
      });
      await changeMenuItem(ctx('en'), SYSTEM, row, { title: item.title.en });
      ids.set(item.id, row.id);
    }
  }

  for (const article of seedNews(tenant, today)) {
    if (!(await exists(db, 'content.news_articles', tenant.id, article.slug)))
      await createArticle(ctx(article.locale ?? 'nl'), SYSTEM, article);
  }

  await seedStockImages(db, ctx('nl'));
}

/**
 * The starting stock images (seeds/seed-stock-images.ts), once per tenant: a tenant whose audit log
 * already has a stock image (seeded or an editor's, perhaps removed since) is left alone. Seeds have no
 * configuration (the kit's seed context), so their files go to PostgreSQL in every profile; each upload
 * row names its storage, so they are served wherever new uploads go.
 */
async function seedStockImages(db: Kysely<TContentDb>, ctx: TCtx): Promise<void> {
  const seeded = await db
    .selectFrom('content.audit_log')
    .select('id')
    .where('tenant_id', '=', ctx.tenant.id)
    .where('action', '=', 'stock_image.created')
    .executeTakeFirst();
  if (seeded) return;
  for (const [n, image] of SEED_STOCK_IMAGES.entries()) {
    const { row } = await storePrepared(
      ctx,
      { write: postgresStorage },
      SYSTEM,
      image.file.split('/').pop()!,
      await preparedSeedImage(image.file),
      { id: seedStockImageUploadId(ctx.tenant.id, n) },
    );
    await createStockImage(ctx, SYSTEM, { upload_id: row.id, ...image.input });
  }
}
