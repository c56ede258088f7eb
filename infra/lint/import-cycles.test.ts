import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './import-cycles.mjs';

describe('import cycles', () => {
  it('finds one cycle per tangle, starting at its first file', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['d.ts']],
      ['f.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts', 'd.ts → e.ts → d.ts']);
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads relative, package-name and dynamic imports of the repository', { timeout: 60_000 }, () => {
    const graph = importGraph();
    // By package name (`exports: ./*: ./src/*.ts`) and relative.
    expect(graph.get('services/kit/src/external-links/external-links.guard.ts')).toEqual(
      expect.arrayContaining(['contracts/src/http/headers.ts', 'services/kit/src/db/rls.ts']),
    );
    // A lazy route: import('…') counts.
    expect(graph.get('portal-ui/src/app/router.tsx')).toEqual(
      expect.arrayContaining(['portal-ui/src/pages/dashboard/dashboard-page.tsx']),
    );
  });

  it('no package has an import cycle', { timeout: 60_000 }, () => {
    expect(findCycles(importGraph())).toEqual([]);
  });
});
