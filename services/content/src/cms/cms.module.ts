import type { TContentGroup } from '../shared/group.ts';
import { seedCms } from './cms.seed.ts';
import { iconsRoutes } from './icons/icons.routes.ts';
import { menusRoutes } from './menus/menus.routes.ts';
import type { TMenuItemsTable, TMenusTable } from './menus/menus.table.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import type { TMessagesTable } from './messages/messages.table.ts';
import { newsRoutes } from './news/news.routes.ts';
import type { TNewsArticlesTable } from './news/news.table.ts';
import { pagesRoutes } from './pages/pages.routes.ts';
import type { TPageLocalesTable, TPageRevisionsTable, TPagesTable } from './pages/pages.table.ts';
import { stockImagesRoutes } from './stock-images/stock-images.routes.ts';
import type { TStockImagesTable } from './stock-images/stock-images.table.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import type { TFileBlobsTable, TUploadsTable } from './uploads/uploads.table.ts';

declare module '../database.ts' {
  interface TContentDb {
    'content.pages': TPagesTable;
    'content.page_revisions': TPageRevisionsTable;
    'content.page_locales': TPageLocalesTable;
    'content.menus': TMenusTable;
    'content.menu_items': TMenuItemsTable;
    'content.news_articles': TNewsArticlesTable;
    'content.messages': TMessagesTable;
    'content.uploads': TUploadsTable;
    'content.file_blobs': TFileBlobsTable;
    'content.stock_images': TStockImagesTable;
  }
}

/**
 * The CMS: pages with revisions, menus, news, the messages file, uploads (and where their bytes live),
 * stock images and icons (docs/decisions/content.md).
 */
export const cmsGroup: TContentGroup = {
  name: 'cms',
  routes: [
    pagesRoutes,
    menusRoutes,
    newsRoutes,
    messagesRoutes,
    uploadsRoutes,
    stockImagesRoutes,
    iconsRoutes,
  ],
  seed: seedCms,
};
