import type { Generated } from 'kysely';
import type { TMenuLinkType } from '@stageplein/contracts/content/menu';
import type { TContentLocale } from '@stageplein/contracts/content/content';

export interface TMenusTable {
  id: Generated<string>;
  tenant_id: string;
  slug: string;
  created_at: Date;
}

export interface TMenuItemsTable {
  id: Generated<string>;
  tenant_id: string;
  menu_id: string;
  parent_id: string | null;
  link_type: TMenuLinkType;
  path: string | null;
  system_page_id: number | null;
  /** Per language; answered in the request's language, nl when missing. */
  title: Partial<Record<TContentLocale, string>>;
  position: number;
  created_at: Date;
  updated_at: Date;
}
