import { describe, expect, it } from 'vitest';
import { foreignSources } from './check-references.mjs';

describe('foreignSources', () => {
  it('lists the sources a project compiles beyond its own root files (ids are 1-based, pairs are ranges)', () => {
    const fileNames = [
      '../../node_modules/typescript/lib/lib.es5.d.ts',
      '../../../services/identity/src/a.ts',
      '../../../services/identity/src/b.ts',
      '../kit/src/service.d.ts',
      '../../../services/kit/src/config/config.ts',
      '../../../admin-ui/src/app.tsx',
      '../../node_modules/some-lib/src/index.ts',
      '../../../services/identity/src/c.ts',
    ];
    expect(foreignSources({ fileNames, root: [[2, 3], 8] })).toEqual([
      '../../../services/kit/src/config/config.ts',
      '../../../admin-ui/src/app.tsx',
    ]);
    expect(foreignSources({ fileNames: fileNames.slice(0, 4), root: [2, 3] })).toEqual([]);
  });
});
