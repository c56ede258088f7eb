import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutralizeFormula } from './csv.ts';

describe('spreadsheet formula injection (issue #12, finding 9)', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","klik")', `"'=HYPERLINK(""http://evil.test"",""klik"")"`],
    ['+SUM(1+1)', "'+SUM(1+1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('%j leaves as a text cell', (input, cell) => {
    expect(csvCell(input)).toBe(cell);
    expect(neutralizeFormula(input).startsWith("'")).toBe(true);
  });

  it('keeps ordinary text and numbers as they are', () => {
    expect(csvLine(['Jan', 'de Vries', 12, -3, null, 'a;b', 'e-mail'])).toBe(
      'Jan;de Vries;12;-3;;"a;b";e-mail',
    );
  });
});
