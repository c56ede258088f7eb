import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFolder, lockNewFiles, migrationFolders } from '../scripts/migrations-lock.mjs';

describe('migrations are frozen files', () => {
  it('finds the migrations of every service and of kit', () => {
    const names = migrationFolders().map((d) => path.basename(path.dirname(path.dirname(d))));
    expect(names).toEqual(expect.arrayContaining(['identity', 'kit', 'organizations']));
  });

  for (const dir of migrationFolders()) {
    it(`${path.relative(process.cwd(), dir)} is as landed, and every file is locked`, () => {
      expect(checkFolder(dir)).toEqual([]);
    });
  }

  it('reports an edited, a removed, an unlocked and an out-of-order migration', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'migrations-')), 'src/migrations');
    mkdirSync(dir, { recursive: true });
    const file = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
    file('20260101T0900-a.ts', 'export default 1;\n');
    file('20260102T0900-b.ts', 'export default 2;\n');
    file('20260103T0900-c.ts', 'export default 3;\n');
    expect(lockNewFiles(dir)).toHaveLength(3);
    expect(checkFolder(dir)).toEqual([]);

    file('20260101T0900-a.ts', 'export default 10;\n');
    writeFileSync(path.join(dir, '20260102T0900-b.ts'), 'export default 2;\n');
    rmSync(path.join(dir, '20260103T0900-c.ts'));
    file('20260102T1000-late.ts', 'export default 4;\n');
    const problems = checkFolder(dir).join('\n');
    expect(problems).toMatch(/20260101T0900-a\.ts was edited/);
    expect(problems).toMatch(/20260103T0900-c\.ts was removed/);
    expect(problems).toMatch(/20260102T1000-late\.ts is not in migrations\.lock\.json/);
    expect(problems).toMatch(/20260102T1000-late\.ts sorts before 20260103T0900-c\.ts/);
    expect(problems).not.toMatch(/-b\.ts/);
  });
});
