import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { TIconSet } from '@stageplein/contracts/content/media';

interface TIconifyJson {
  prefix: string;
  icons: TIconSet['icons'];
  aliases?: Record<string, { parent: string } & Record<string, unknown>>;
  width?: number;
  height?: number;
}

/** The icon sets served, by Iconify prefix: packages of `@iconify-json/*` (their licence travels along). */
const COLLECTIONS: Record<string, string> = {
  lucide: '@iconify-json/lucide/icons.json',
};

const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<TIconifyJson>>();

/** A collection's full set, read once per process; null for a collection we do not serve. */
function iconSet(prefix: string): Promise<TIconifyJson> | null {
  const module = Object.hasOwn(COLLECTIONS, prefix) ? COLLECTIONS[prefix] : undefined;
  if (!module) return null;
  let set = loaded.get(prefix);
  if (!set) {
    set = readFile(require.resolve(module), 'utf8').then((text) => JSON.parse(text) as TIconifyJson);
    loaded.set(prefix, set);
  }
  return set;
}

/**
 * The asked icons of a collection in the Iconify API's answer format (what a `<prefix>.json?icons=`
 * request returns): each icon, each alias with the icons it stands on, unknown names in `not_found`.
 * Null when the collection is not served.
 */
export async function iconsOf(prefix: string, names: readonly string[]): Promise<TIconSet | null> {
  const pending = iconSet(prefix);
  if (!pending) return null;
  const set = await pending;
  const answer: TIconSet = { prefix: set.prefix, icons: {}, width: set.width, height: set.height };
  const aliases: NonNullable<TIconSet['aliases']> = {};
  const notFound: string[] = [];
  const add = (name: string, depth: number): boolean => {
    if (depth > 10) return false;
    const icon = Object.hasOwn(set.icons, name) ? set.icons[name] : undefined;
    if (icon) {
      answer.icons[name] = icon;
      return true;
    }
    const alias = set.aliases && Object.hasOwn(set.aliases, name) ? set.aliases[name] : undefined;
    if (!alias || !add(alias.parent, depth + 1)) return false;
    aliases[name] = alias;
    return true;
  };
  for (const name of names) if (!add(name, 0)) notFound.push(name);
  if (Object.keys(aliases).length > 0) answer.aliases = aliases;
  if (notFound.length > 0) answer.not_found = notFound;
  return answer;
}
