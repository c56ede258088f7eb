import { parseDecimal } from '@stageplein/contracts/validation/field-rules';
import { contactChoices, type TPersonRole } from '@stageplein/contracts/placements/organization-contacts';
import type { TInternshipField } from '@stageplein/contracts/placements/internships';
import { personName, type TInternship, type TInternshipPatch, type TPerson } from './internship-api.ts';

/**
 * The edit form of `/internships/{id}/edit`: the fields the policy lets the caller change now
 * (`meta.editable_fields`, contracts' `editableFields` by its `INTERNSHIP_FIELD_RULES`), as strings for
 * the inputs, and the PATCH of what changed. Every field a person types; none the product derives
 * (`DERIVED_INTERNSHIP_FIELDS`: the confirmed hours come from the hours sheet). The contact person and the supervisor are chosen among the organization's people
 * (`personOptions`); the supervisor may also be someone without an account, by name and address.
 */
export const FORM_FIELDS = [
  'title',
  'description',
  'motivation',
  'start_date',
  'end_date',
  'internship_period_id',
  'organization_name',
  'contact_name',
  'contact_email',
  'contact_phone_number',
  'contact_person_id',
  'supervisor_id',
  'supervisor_name',
  'supervisor_email',
  'hours',
  'updating_hours_allowed',
] as const satisfies readonly TInternshipField[];
export type TFormField = (typeof FORM_FIELDS)[number];

export type TInternshipFormValues = {
  title: string;
  description: string;
  motivation: string;
  startDate: string;
  endDate: string;
  internshipPeriodId: string;
  organizationName: string;
  contactName: string;
  contactEmail: string;
  contactPhoneNumber: string;
  contactPersonId: string;
  supervisorId: string;
  supervisorName: string;
  supervisorEmail: string;
  hours: string;
  updatingHoursAllowed: boolean;
};

const CAMEL: Record<TFormField, keyof TInternshipFormValues & keyof TInternshipPatch> = {
  title: 'title',
  description: 'description',
  motivation: 'motivation',
  start_date: 'startDate',
  end_date: 'endDate',
  internship_period_id: 'internshipPeriodId',
  organization_name: 'organizationName',
  contact_name: 'contactName',
  contact_email: 'contactEmail',
  contact_phone_number: 'contactPhoneNumber',
  contact_person_id: 'contactPersonId',
  supervisor_id: 'supervisorId',
  supervisor_name: 'supervisorName',
  supervisor_email: 'supervisorEmail',
  hours: 'hours',
  updating_hours_allowed: 'updatingHoursAllowed',
};

export const formKey = (field: TFormField) => CAMEL[field];

/** The editable fields this form shows, in its order. */
export const formFieldsOf = (editable: readonly TInternshipField[]): TFormField[] =>
  FORM_FIELDS.filter((f) => editable.includes(f));

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function formValuesOf(i: TInternship): TInternshipFormValues {
  return {
    title: i.title,
    description: str(i.description),
    motivation: str(i.motivation),
    startDate: str(i.startDate).slice(0, 10),
    endDate: str(i.endDate).slice(0, 10),
    internshipPeriodId: i.internshipPeriod?.id ?? '',
    organizationName: str(i.organizationName),
    contactName: str(i.contactName),
    contactEmail: str(i.contactEmail),
    contactPhoneNumber: str(i.contactPhoneNumber),
    contactPersonId: i.contactPerson?.id ?? '',
    supervisorId: i.supervisor?.id ?? (i.supervisorEmail ? NAMED_SUPERVISOR : ''),
    supervisorName: str(i.supervisorName),
    supervisorEmail: str(i.supervisorEmail),
    hours: str(i.hours),
    updatingHoursAllowed: i.updatingHoursAllowed,
  };
}

/** What changed among the editable fields, typed for the API (empty text → null, numbers parsed). */
export function patchOf(
  before: TInternshipFormValues,
  after: TInternshipFormValues,
  fields: readonly TFormField[],
): TInternshipPatch {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const key = CAMEL[field];
    if (before[key] === after[key]) continue;
    const value = after[key];
    if (typeof value === 'boolean') out[key] = value;
    else if (field === 'hours') out[key] = value.trim() === '' ? null : parseDecimal(value);
    else if (field === 'title') out[key] = value.trim();
    else out[key] = value.trim() === '' ? null : value.trim();
  }
  // The supervisor is a person with an account or one named by name and address: one clears the other.
  if (fields.includes('supervisor_id')) {
    const named = after.supervisorId === NAMED_SUPERVISOR;
    if ('supervisorId' in out && named) out.supervisorId = null;
    if (!named) {
      delete out.supervisorName;
      delete out.supervisorEmail;
      if (before.supervisorName) out.supervisorName = null;
      if (before.supervisorEmail) out.supervisorEmail = null;
    }
  }
  return out as TInternshipPatch;
}

/** The supervisor picker's choice "someone without an account": name and address fields appear. */
export const NAMED_SUPERVISOR = 'named';

/** A person `GET /internships/{id}/people` offers, with their roles (camelCase from the client). */
export interface TPersonChoice extends TPerson {
  roles?: readonly TPersonRole[];
}

/**
 * The picker's options: nobody, then the organization's people the rule allows (contracts'
 * `mayBeOrganizationContact`, as the server checks; `contactChoices`), by name; the person chosen now
 * stays an option even when no longer offered, so opening the form changes nothing.
 */
export function personOptions(
  people: readonly TPersonChoice[],
  organizationId: string | null,
  current: TPerson | null | undefined,
  noneLabel: string,
): { value: string; label: string }[] {
  return [
    { value: '', label: noneLabel },
    ...contactChoices<TPersonChoice>(people, organizationId, current).map((p) => ({
      value: p.id,
      label: personName(p) || p.id,
    })),
  ];
}
