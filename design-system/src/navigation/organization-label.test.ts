import { describe, expect, it } from 'vitest';
import { organizationLabels } from './organization-label.ts';

describe('organizationLabels', () => {
  it('uses names when known, else the type, numbered when it repeats', () => {
    const labels = organizationLabels(
      [
        { id: 'a', type: 'School' },
        { id: 'b', type: 'VolunteerCenter' },
        { id: 'c', type: 'Provider', name: 'Bakkerij De Korst' },
        { id: 'd', type: 'School' },
      ],
      (type) => ({ School: 'School', VolunteerCenter: 'Vrijwilligerscentrum' })[type] ?? type,
    );
    expect([...labels.values()]).toEqual([
      'School 1',
      'Vrijwilligerscentrum',
      'Bakkerij De Korst',
      'School 2',
    ]);
  });
});
