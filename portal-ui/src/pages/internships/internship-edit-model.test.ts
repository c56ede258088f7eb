import { describe, expect, it } from 'vitest';
import { DERIVED_INTERNSHIP_FIELDS } from '@stageplein/contracts/placements/internship-policy';
import { INTERNSHIP_FIELDS } from '@stageplein/contracts/placements/internships';
import type { TInternship } from './internship-api.ts';
import {
  FORM_FIELDS,
  formFieldsOf,
  formValuesOf,
  NAMED_SUPERVISOR,
  patchOf,
  personOptions,
} from './internship-edit-model.ts';

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
  supervisorName: null,
  supervisorEmail: null,
  supervisorApproved: false,
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
  it('has an input for every field a person types and none for a derived one (contracts’ field rules)', () => {
    expect([...FORM_FIELDS].sort()).toEqual(
      INTERNSHIP_FIELDS.filter((f) => !DERIVED_INTERNSHIP_FIELDS.includes(f)).sort(),
    );
    expect(formFieldsOf(['hours', 'hours_supervisor'])).toEqual(['hours']);
  });

  it('shows only the fields the policy allows, in the form’s order', () => {
    expect(
      formFieldsOf(['supervisor_id', 'end_date', 'motivation', 'start_date', 'contact_person_id']),
    ).toEqual(['motivation', 'start_date', 'end_date', 'contact_person_id', 'supervisor_id']);
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

  it('sends a chosen contact person and a cleared supervisor', () => {
    const before = formValuesOf({ ...internship, supervisor: { id: 'u2', firstName: 'Bram' } });
    expect(before).toMatchObject({ contactPersonId: '', supervisorId: 'u2' });
    const after = { ...before, contactPersonId: 'u1', supervisorId: '' };
    expect(patchOf(before, after, ['contact_person_id', 'supervisor_id'])).toEqual({
      contactPersonId: 'u1',
      supervisorId: null,
    });
  });

  it('a supervisor without an account by name and address clears the account, and the other way round', () => {
    const fields = ['supervisor_id', 'supervisor_name', 'supervisor_email'] as const;
    const before = formValuesOf({ ...internship, supervisor: { id: 'u2', firstName: 'Bram' } });
    const named = {
      ...before,
      supervisorId: NAMED_SUPERVISOR,
      supervisorName: 'Petra',
      supervisorEmail: 'p@x.nl',
    };
    expect(patchOf(before, named, fields)).toEqual({
      supervisorId: null,
      supervisorName: 'Petra',
      supervisorEmail: 'p@x.nl',
    });
    const wasNamed = formValuesOf({ ...internship, supervisorName: 'Petra', supervisorEmail: 'p@x.nl' });
    expect(wasNamed.supervisorId).toBe(NAMED_SUPERVISOR);
    expect(patchOf(wasNamed, { ...wasNamed, supervisorId: 'u2' }, fields)).toEqual({
      supervisorId: 'u2',
      supervisorName: null,
      supervisorEmail: null,
    });
  });

  it('offers the organization’s people the rule allows, and keeps the current choice', () => {
    const people = [
      { id: 'u1', firstName: 'Carla', lastName: 'Contact', roles: [{ name: 'admin', resourceId: 'org' }] },
      {
        id: 'u3',
        firstName: 'Vera',
        lastName: 'Vrijwilliger',
        roles: [{ name: 'volunteer', resourceId: 'org' }],
      },
      { id: 'u4', firstName: 'Olga', lastName: 'Elders', roles: [{ name: 'admin', resourceId: 'other' }] },
    ] as const;
    expect(personOptions(people, 'org', null, 'Niemand')).toEqual([
      { value: '', label: 'Niemand' },
      { value: 'u1', label: 'Carla Contact' },
    ]);
    expect(personOptions(people, 'org', { id: 'u9', email: 'oud@example.nl' }, 'Niemand')).toEqual([
      { value: '', label: 'Niemand' },
      { value: 'u9', label: 'oud@example.nl' },
      { value: 'u1', label: 'Carla Contact' },
    ]);
    // No organization (self-found, not yet on the platform): nobody to choose.
    expect(personOptions(people, null, null, 'Niemand')).toEqual([{ value: '', label: 'Niemand' }]);
  });
});
