import { describe, expect, it } from 'vitest';
import { reportCsv } from './imports.serialize.ts';

const row = (cells: {
  first_name: string;
  last_name: string;
  email: string;
  group_name: string;
  level_name: string;
  mentor: string;
}) => ({
  import_id: 'i',
  tenant_id: 'demo',
  row_number: 2,
  batch: 1,
  status: 'invalid' as const,
  student_number: '@cmd',
  errors: '[]',
  user_id: null,
  ...cells,
});

describe('the import report CSV (issue #12, finding 9)', () => {
  it('neutralises formula prefixes in every cell a person typed', () => {
    const csv = reportCsv(
      [
        row({
          first_name: '=HYPERLINK("http://evil.test","klik")',
          last_name: '+SUM(1+1)',
          email: '-1+2@x.test',
          group_name: '\t=1',
          level_name: '\r=1',
          // From Magister, as outside input as a file is.
          mentor: '=mentor@x.test',
        }),
      ],
      'en',
    );
    const line = csv.split('\r\n')[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test"",""klik"")"`);
    expect(line).toContain("'+SUM(1+1)");
    expect(line).toContain("'-1+2@x.test");
    expect(line).toContain("'@cmd");
    expect(line).toContain("'\t=1");
    expect(line).toContain(`"'\r=1"`);
    expect(line).toContain("'=mentor@x.test");
    // No cell of the line starts with a formula character.
    expect(line.split(';').some((c) => /^"?[=+\-@]/.test(c))).toBe(false);
  });
});
