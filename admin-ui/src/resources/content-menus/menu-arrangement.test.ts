import { describe, expect, it } from 'vitest';
import { menuItemProblems } from '@stageplein/contracts/content/menu';
import {
  canIndent,
  canOutdent,
  menuChanges,
  moveRow,
  nodesOf,
  rowsOf,
  setDepth,
  type TMenuNode,
  type TRow,
} from './menu-arrangement.ts';

// a (main) with a1, a2; b (main); c (main) with c1.
const ITEMS: TMenuNode[] = [
  { id: 'b', parentId: null, position: 1 },
  { id: 'a', parentId: null, position: 0 },
  { id: 'a2', parentId: 'a', position: 1 },
  { id: 'a1', parentId: 'a', position: 0 },
  { id: 'c', parentId: null, position: 2 },
  { id: 'c1', parentId: 'c', position: 0 },
];
const ids = (rows: TRow[]) => rows.map((r) => (r.depth ? `  ${r.id}` : r.id));

/** Applies the changes one by one and checks the shared menu rules at every step, as the server does. */
function applyChecked(before: TMenuNode[], changes: TMenuNode[]): TMenuNode[] {
  let state = before.map((n) => ({ ...n }));
  for (const change of changes) {
    const siblings = state.map((n) => ({ id: n.id, menuId: 'm', parentId: n.parentId }));
    const problems = menuItemProblems(
      {
        id: change.id,
        menuId: 'm',
        parentId: change.parentId,
        linkType: 'system',
        path: null,
        systemPageId: 1,
      },
      siblings.filter((s) => s.id !== change.id),
    );
    expect(problems, `${change.id} → ${change.parentId}`).toEqual([]);
    state = state.map((n) => (n.id === change.id ? change : n));
  }
  return state;
}

describe('rowsOf', () => {
  it('lists main items by position, each followed by its sub-items', () => {
    expect(ids(rowsOf(ITEMS))).toEqual(['a', '  a1', '  a2', 'b', 'c', '  c1']);
  });
});

describe('moveRow', () => {
  const rows = rowsOf(ITEMS);

  it('moves a main item with its sub-items, onto a block boundary', () => {
    expect(ids(moveRow(rows, 'c', 'a'))).toEqual(['c', '  c1', 'a', '  a1', '  a2', 'b']);
    // Dropped on a sub-item of another block: it lands after that whole block, not inside it.
    expect(ids(moveRow(rows, 'a', 'c1'))).toEqual(['b', 'c', '  c1', 'a', '  a1', '  a2']);
    // Dragged up over a sub-item: above that whole block.
    expect(ids(moveRow(rows, 'b', 'a2'))).toEqual(['b', 'a', '  a1', '  a2', 'c', '  c1']);
  });

  it('moves a sub-item to another main item', () => {
    expect(ids(moveRow(rows, 'a1', 'c1'))).toEqual(['a', '  a2', 'b', 'c', '  c1', '  a1']);
  });

  it('nests a childless main item under the item above it when dragged to the right', () => {
    expect(ids(moveRow(rows, 'b', 'b', 1))).toEqual(['a', '  a1', '  a2', '  b', 'c', '  c1']);
  });

  it('never makes the first row a sub-item', () => {
    expect(ids(moveRow(rows, 'a1', 'a'))).toEqual(['a1', 'a', '  a2', 'b', 'c', '  c1']);
  });
});

describe('setDepth, canIndent, canOutdent', () => {
  const rows = rowsOf(ITEMS);
  it('refuses to nest the first item or an item with sub-items', () => {
    expect(canIndent(rows, 'a')).toBe(false);
    expect(canIndent(rows, 'c')).toBe(false);
    expect(canIndent(rows, 'b')).toBe(true);
    expect(setDepth(rows, 'c', 1)).toEqual(rows);
    expect(canOutdent(rows, 'a1')).toBe(true);
    expect(canOutdent(rows, 'b')).toBe(false);
  });

  it('a sub-item made a main item takes the sub-items below it', () => {
    expect(ids(setDepth(rows, 'a1', 0))).toEqual(['a', 'a1', '  a2', 'b', 'c', '  c1']);
    const nodes = nodesOf(setDepth(rows, 'a1', 0));
    expect(nodes.find((n) => n.id === 'a2')?.parentId).toBe('a1');
  });
});

describe('menuChanges', () => {
  it('writes only what changed, each step valid under the shared menu rules', () => {
    const cases: TRow[][] = [
      moveRow(rowsOf(ITEMS), 'c', 'a'),
      moveRow(rowsOf(ITEMS), 'b', 'b', 1),
      setDepth(rowsOf(ITEMS), 'a1', 0),
      moveRow(rowsOf(ITEMS), 'a1', 'c1'),
      // b becomes a sub-item of a while a1 leaves a to become a main item.
      setDepth(setDepth(rowsOf(ITEMS), 'a1', 0), 'b', 1),
    ];
    for (const rows of cases) {
      const after = nodesOf(rows);
      const changes = menuChanges(ITEMS, after);
      const result = applyChecked(ITEMS, changes);
      expect(rowsOf(result)).toEqual(rowsOf(after));
    }
  });

  it('writes nothing when nothing moved', () => {
    expect(menuChanges(ITEMS, nodesOf(rowsOf(ITEMS)))).toEqual([]);
  });
});
