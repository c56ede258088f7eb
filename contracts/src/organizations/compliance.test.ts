import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import { ORGANIZATION_TYPES, ROLE_NAMES, type TOrganizationType } from '../identity/roles.ts';
import {
  complianceRules,
  complianceState,
  daysBetween,
  type TComplianceDocumentFacts,
} from './compliance.ts';
import type { TCurrentOrganizationFacts } from './moderation.ts';

const TODAY = '2026-11-23';
const doc = (
  id: string,
  kind: TComplianceDocumentFacts['kind'],
  expires_on: string | null,
  issued_on = '2025-01-01',
): TComplianceDocumentFacts => ({ id, kind, issued_on, expires_on });

describe('complianceState', () => {
  it('nothing required: compliant and may publish', () => {
    expect(complianceState([], [], TODAY)).toEqual({ status: 'compliant', may_publish: true, kinds: [] });
  });

  it('per required kind: missing, expired, expiring (within the reminder days), compliant', () => {
    const state = complianceState(
      ['vog', 'liability_insurance', 'code_of_conduct'],
      [doc('a', 'liability_insurance', '2026-12-23'), doc('b', 'code_of_conduct', '2026-11-22')],
      TODAY,
      30,
    );
    expect(state.kinds).toEqual([
      { kind: 'vog', status: 'missing', document_id: null, expires_on: null },
      { kind: 'liability_insurance', status: 'expiring', document_id: 'a', expires_on: '2026-12-23' },
      { kind: 'code_of_conduct', status: 'expired', document_id: 'b', expires_on: '2026-11-22' },
    ]);
    expect(state.status).toBe('missing');
    expect(state.may_publish).toBe(false);
  });

  it('the expiry date is the last valid day; one day beyond the reminder window is compliant', () => {
    expect(complianceState(['vog'], [doc('a', 'vog', TODAY)], TODAY).kinds[0]!.status).toBe('expiring');
    expect(complianceState(['vog'], [doc('a', 'vog', '2026-12-24')], TODAY, 30).kinds[0]!.status).toBe(
      'compliant',
    );
    const expiring = complianceState(['vog'], [doc('a', 'vog', '2026-12-01')], TODAY);
    expect(expiring).toMatchObject({ status: 'expiring', may_publish: true });
  });

  it('the document that counts: the one valid longest, no expiry best, not one issued in the future', () => {
    const docs = [
      doc('old', 'vog', '2026-01-01'),
      doc('new', 'vog', '2028-01-01'),
      doc('future', 'vog', null, '2027-01-01'),
    ];
    expect(complianceState(['vog'], docs, TODAY).kinds[0]).toMatchObject({ document_id: 'new' });
    expect(complianceState(['vog'], [...docs, doc('forever', 'vog', null)], TODAY).kinds[0]).toMatchObject({
      status: 'compliant',
      document_id: 'forever',
      expires_on: null,
    });
    expect(complianceState(['vog'], [doc('future', 'vog', null, '2027-01-01')], TODAY).kinds[0]!.status).toBe(
      'missing',
    );
  });

  it('only required kinds count', () => {
    const state = complianceState(['liability_insurance'], [doc('x', 'vog', '2020-01-01')], TODAY);
    expect(state.kinds.map((k) => k.kind)).toEqual(['liability_insurance']);
  });

  it('counts calendar days', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
  });
});

const ORG = 'org-1';
const facts = (type: TOrganizationType, status: TCurrentOrganizationFacts['status'] = 'approved') => ({
  id: ORG,
  type,
  status,
});
const actor = (
  role: string,
  type: TOrganizationType,
  status: TCurrentOrganizationFacts['status'] = 'approved',
) => ({
  permissions: derivePermissions([{ name: role, resourceType: type, resourceId: ORG }], { id: ORG, type }),
  current: facts(type, status),
});

describe('complianceRules', () => {
  it('manage documents: the organization’s own admin, for NonProfits and Providers only', () => {
    const table: string[] = [];
    for (const role of ROLE_NAMES)
      for (const type of ORGANIZATION_TYPES)
        if (complianceRules.manageDocuments(actor(role, type), { id: ORG, type }))
          table.push(`${role}@${type}`);
    expect(table).toEqual(['admin@NonProfit', 'admin@Provider']);
    // Pending too (preparing its documents), but never another organization's.
    expect(
      complianceRules.manageDocuments(actor('admin', 'Provider', 'pending'), { id: ORG, type: 'Provider' }),
    ).toBe(true);
    expect(
      complianceRules.manageDocuments(actor('admin', 'Provider'), { id: 'other', type: 'Provider' }),
    ).toBe(false);
  });

  it('set requirements: admins of an approved School or VolunteerCenter, for their own organization', () => {
    const table: string[] = [];
    for (const role of ROLE_NAMES)
      for (const type of ORGANIZATION_TYPES)
        if (complianceRules.setRequirements(actor(role, type), ORG)) table.push(`${role}@${type}`);
    expect(table).toEqual(['admin@School', 'admin@VolunteerCenter']);
    expect(complianceRules.setRequirements(actor('admin', 'School', 'pending'), ORG)).toBe(false);
    expect(complianceRules.setRequirements(actor('admin', 'School'), 'another-school')).toBe(false);
  });

  it('view: the organization’s own admins and the tenant’s school and centre admins', () => {
    expect(complianceRules.view(actor('admin', 'Provider'), ORG)).toBe(true);
    expect(complianceRules.view(actor('admin', 'Provider'), 'other')).toBe(false);
    expect(complianceRules.view(actor('admin', 'School'), 'other')).toBe(true);
    expect(complianceRules.view(actor('admin', 'VolunteerCenter'), 'other')).toBe(true);
    expect(complianceRules.view(actor('mentor', 'School'), 'other')).toBe(false);
    expect(complianceRules.view(actor('student', 'School'), 'other')).toBe(false);
    expect(complianceRules.view({ ...actor('admin', 'School'), current: null }, 'other')).toBe(false);
  });

  it('view documents: the organization’s own admins and the tenant’s content editors, not a School’s admins', () => {
    expect(complianceRules.viewDocuments(actor('admin', 'Provider'), ORG)).toBe(true);
    expect(complianceRules.viewDocuments(actor('admin', 'Provider'), 'other')).toBe(false);
    expect(complianceRules.viewDocuments(actor('admin', 'School'), 'other')).toBe(false);
    expect(complianceRules.viewDocuments(actor('admin', 'VolunteerCenter'), 'other')).toBe(true);
    expect(complianceRules.viewDocuments(actor('admin', 'VolunteerCenter', 'pending'), 'other')).toBe(false);
    const everyone: string[] = [];
    for (const role of ROLE_NAMES)
      for (const type of ORGANIZATION_TYPES)
        if (complianceRules.viewAllDocuments(actor(role, type))) everyone.push(`${role}@${type}`);
    expect(everyone).toEqual(['admin@VolunteerCenter']);
  });
});
