import { describe, expect, it } from 'vitest';
import { INTERNSHIPS_QUERY } from '@stageplein/contracts/placements/internships';
import { API_RESOURCES } from '../../providers/api-resources.ts';
import { DATA_VIEWER_TEXTS } from './data-viewer-texts.ts';
import { cellOf, COLUMN_KEYS, internshipsCsv, type TDataViewerRecord } from './data-viewer-columns.ts';

const record: TDataViewerRecord = {
  id: '0b6c3f0e-1d7e-4f43-9b5a-7f2d0c7c8a11',
  title: '=HYPERLINK("http://evil.test","klik")',
  status: 'accepted',
  startDate: '2027-02-01',
  endDate: null,
  selfFound: false,
  hours: 120,
  organizationName: 'De Keuken',
  contactName: null,
  student: { id: 's', firstName: 'Sanne', lastName: '+31 de Vries', email: 'sanne@stageplein.test' },
  organization: { id: 'o', name: 'De Keuken; Zeist', city: 'Zeist' },
  vacancy: { id: 'v', title: 'Keukenhulp' },
  currentPhase: null,
  internshipPeriod: { id: 'p', name: 'Voorjaar 2027' },
  contactPerson: { id: 'c', firstName: 'Kees', lastName: null, email: 'kees@keuken.test' },
  supervisor: null,
};

describe('the data viewer', () => {
  it('shows names of all seven relations, never ids', () => {
    const nl = DATA_VIEWER_TEXTS.nl;
    const cells = COLUMN_KEYS.map((k) => cellOf(record, k, nl));
    expect(cells).toEqual([
      '=HYPERLINK("http://evil.test","klik")',
      'Sanne +31 de Vries (sanne@stageplein.test)',
      'De Keuken; Zeist',
      'Zeist',
      'Keukenhulp',
      '',
      'Voorjaar 2027',
      'Kees (kees@keuken.test)',
      '',
      'Geaccepteerd door organisatie',
      '01-02-2027',
      '',
      'Nee',
      120,
    ]);
    expect(cells.join(' ')).not.toContain(String(record.id));
  });

  it('exports a formula-safe CSV with a header row in the screen’s language', () => {
    const csv = internshipsCsv([record], DATA_VIEWER_TEXTS.en);
    expect(csv.startsWith('\uFEFFInternship;Student;Organization;')).toBe(true);
    const row = csv.split('\r\n')[1]!;
    // The formula is text now (a leading '), quoted for its quotes; the separator inside a name is quoted.
    expect(row.startsWith(`"'=HYPERLINK(""http://evil.test"",""klik"")";`)).toBe(true);
    expect(row).toContain(';"De Keuken; Zeist";');
    expect(row).toContain(';Accepted by the organization;');
    expect(row.endsWith(';01/02/2027;;No;120')).toBe(true);
    // Cells that begin with + or - (here a name) cannot start a formula either.
    const plus = internshipsCsv([{ ...record, student: { firstName: '-2+3' } }], DATA_VIEWER_TEXTS.nl);
    expect(plus.split('\r\n')[1]).toContain(";'-2+3;");
  });
});

describe('the data viewer’s API mapping', () => {
  it('sends the named filters and page size the internships route declares', () => {
    const mapping = API_RESOURCES.internships!;
    expect(mapping.path).toBe('/api/v1/internships');
    expect(mapping.scopes).toEqual(INTERNSHIPS_QUERY.scopes);
    expect(mapping.maxPageSize).toBe(INTERNSHIPS_QUERY.maxPageSize);
  });
});
