import { describe, expect, it } from 'vitest';
import type { TInternship } from './internship-api.ts';
import { formFieldsOf, formValuesOf, patchOf } from './internship-edit-model.ts';

const internship = {
  id: 'i',
  type: 'internship',
  title: 'Stage keuken',
  description: null,
  motivation: 'Ik kook graag',
  startDate: '2027-02-01',
  endDate: null,
  contractType: 'hours',
  selfFound: false,
  organizationName: 'De Keuken',
  contactName: null,
  contactEmail: null,
  contactPhoneNumber: null,
  hours: 120,
  hoursSupervisor: null,
  updatingHoursAllowed: false,
  status: 'applied',
  statusReason: null,
  createdAt: '2026-11-23T10:00:00Z',
  updatedAt: '2026-11-23T10:00:00Z',
  internshipPeriod: { id: 'p1', name: 'Voorjaar' },
} satisfies TInternship;

describe('the internship edit form', () => {
  it('shows only the fields the policy allows, in the form’s order', () => {
    expect(formFieldsOf(['supervisor_id', 'end_date', 'motivation', 'start_date'])).toEqual([
      'motivation',
      'start_date',
      'end_date',
    ]);
  });

  it('sends only what changed among the editable fields, typed for the API', () => {
    const before = formValuesOf(internship);
    expect(before).toMatchObject({ hours: '120', endDate: '', internshipPeriodId: 'p1' });
    const after = {
      ...before,
      hours: '',
      endDate: '2027-06-30',
      motivation: '  Ik kook heel graag ',
      title: 'X',
    };
    expect(patchOf(before, after, ['hours', 'end_date', 'motivation'])).toEqual({
      hours: null,
      endDate: '2027-06-30',
      motivation: 'Ik kook heel graag',
    });
    // The title changed but is not editable here: not sent.
    expect(patchOf(before, { ...before, hours: '80' }, ['hours', 'title'])).toEqual({ hours: 80 });
  });
});
