/**
 * The menu editor's model: the items of one menu as a flat list of rows in display order (each main
 * item followed by its sub-items), the moves the editor makes on it, and the writes that store the
 * result. The menu has two levels (contracts/content/menu.ts `menuItemProblems`): a sub-item's
 * parent is the main item above it, an item with sub-items stays a main item.
 */

export interface TMenuNode {
  id: string;
  parentId: string | null;
  position: number;
}

export interface TRow {
  id: string;
  depth: 0 | 1;
}

const byPosition = (a: TMenuNode, b: TMenuNode) => a.position - b.position;

/** Display order: main items by position, each followed by its sub-items by position. */
export function rowsOf(items: readonly TMenuNode[]): TRow[] {
  const mains = items.filter((i) => i.parentId === null || !items.some((p) => p.id === i.parentId));
  const rows: TRow[] = [];
  for (const main of [...mains].sort(byPosition)) {
    rows.push({ id: main.id, depth: 0 });
    for (const sub of items.filter((i) => i.parentId === main.id).sort(byPosition))
      rows.push({ id: sub.id, depth: 1 });
  }
  return rows;
}

/** The rows of the block starting at `index`: a main item and its sub-items, or one sub-item. */
function blockAt(rows: readonly TRow[], index: number): number {
  if (rows[index]?.depth !== 0) return 1;
  let end = index + 1;
  while (rows[end]?.depth === 1) end++;
  return end - index;
}

const hasChildren = (rows: readonly TRow[], index: number) =>
  rows[index]?.depth === 0 && rows[index + 1]?.depth === 1;

/** The first row is always a main item (a sub-item needs a main item above it). */
function normalized(rows: TRow[]): TRow[] {
  return rows.map((row, i) => (i === 0 && row.depth === 1 ? { ...row, depth: 0 } : row));
}

/**
 * Moves the row `activeId` to where `overId` is (dnd-kit's drag end). A main item moves with its
 * sub-items and lands between main blocks, never inside another item's sub-items. `depth` (a drag
 * to the right or left) makes it a sub-item or a main item where the rules allow.
 */
export function moveRow(rows: readonly TRow[], activeId: string, overId: string, depth?: 0 | 1): TRow[] {
  const from = rows.findIndex((r) => r.id === activeId);
  const overIndex = rows.findIndex((r) => r.id === overId);
  if (from < 0 || overIndex < 0) return [...rows];
  const size = blockAt(rows, from);
  const block = rows.slice(from, from + size);
  if (block.some((r) => r.id === overId) && from !== overIndex) return [...rows];
  const rest = [...rows.slice(0, from), ...rows.slice(from + size)];
  const overInRest = rest.findIndex((r) => r.id === overId);
  const down = overIndex > from;
  let at = overInRest < 0 ? from : down ? overInRest + 1 : overInRest;
  if (size > 1 || (block[0]!.depth === 0 && depth !== 1)) {
    // A main block lands on a main-block boundary.
    if (down) while (rest[at]?.depth === 1) at++;
    else while (at > 0 && rest[at]?.depth === 1) at--;
  }
  const moved = [...rest.slice(0, at), ...block, ...rest.slice(at)];
  const result = depth === undefined ? moved : setDepth(moved, activeId, depth);
  return normalized(result);
}

/** Makes a row a sub-item (of the main item above it) or a main item, where the rules allow. */
export function setDepth(rows: readonly TRow[], id: string, depth: 0 | 1): TRow[] {
  const index = rows.findIndex((r) => r.id === id);
  if (index < 0) return [...rows];
  if (depth === 1 && (index === 0 || hasChildren(rows, index))) return [...rows];
  if (depth === 0 && rows[index]!.depth === 1) {
    // The sub-items below it become its own (they stay under the item above them).
    return rows.map((r, i) => (i === index ? { ...r, depth: 0 } : r));
  }
  return rows.map((r, i) => (i === index ? { ...r, depth } : r));
}

/** Whether a row can be made a sub-item / a main item. */
export const canIndent = (rows: readonly TRow[], id: string) => {
  const index = rows.findIndex((r) => r.id === id);
  return index > 0 && rows[index]!.depth === 0 && !hasChildren(rows, index);
};
export const canOutdent = (rows: readonly TRow[], id: string) => rows.find((r) => r.id === id)?.depth === 1;

/** Parent and position of every row: sub-items under the main item above them, numbered per level. */
export function nodesOf(rows: readonly TRow[]): TMenuNode[] {
  const out: TMenuNode[] = [];
  let parent: string | null = null;
  let mainPosition = 0;
  let subPosition = 0;
  for (const row of normalized([...rows])) {
    if (row.depth === 0) {
      out.push({ id: row.id, parentId: null, position: mainPosition++ });
      parent = row.id;
      subPosition = 0;
    } else {
      out.push({ id: row.id, parentId: parent, position: subPosition++ });
    }
  }
  return out;
}

/**
 * The PATCHes that turn `before` into `after`, in an order the server accepts at every step:
 * first items that become (or stay) main items, so a new parent is a main item when its sub-items
 * arrive; then sub-items that were sub-items; last the main items that become sub-items (their own
 * sub-items have left them by then).
 */
export function menuChanges(before: readonly TMenuNode[], after: readonly TMenuNode[]): TMenuNode[] {
  const old = new Map(before.map((n) => [n.id, n]));
  const changed = after.filter((n) => {
    const was = old.get(n.id);
    return !was || was.parentId !== n.parentId || was.position !== n.position;
  });
  const rank = (n: TMenuNode) => {
    if (n.parentId === null) return 0;
    return old.get(n.id)?.parentId === null ? 2 : 1;
  };
  return [...changed].sort((a, b) => rank(a) - rank(b));
}
