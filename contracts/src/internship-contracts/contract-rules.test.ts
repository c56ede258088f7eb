import { describe, expect, it } from 'vitest';
import type { TRichTextDocument } from '../content/content.ts';
import { getTenant } from '../tenants/tenant-registry.ts';
import { TENANT_IDS } from '../tenants/tenant.types.ts';
import { ZContractTemplateVersionUpdate } from './contract-schemas.ts';
import {
  contractNextActors,
  contractSigners,
  contractsAvailable,
  defaultSigners,
  fillVariables,
  isMinorOn,
  mayDownloadContract,
  studentSeesContract,
  mayFillCompanyFields,
  mayManageContracts,
  mayMoveContract,
  releasedStatus,
  signersToAct,
  unknownVariables,
  validateContractTemplate,
  type TContractSwitches,
  type TContractTemplateContent,
} from './contract-rules.ts';

const doc = (...texts: string[]): TRichTextDocument => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const switches = (over: Partial<TContractSwitches> = {}): TContractSwitches => ({
  traineeship: true,
  companySignsFirst: false,
  schoolRepresentativesInvitable: true,
  companyFillsContractFields: true,
  ...over,
});

const content = (over: Partial<TContractTemplateContent> = {}): TContractTemplateContent => ({
  body_nl: doc('Stage van {{student.name}} bij {{organization.name}}.'),
  body_en: doc('Internship of {{student.name}}.'),
  company_fields: [],
  signers: [
    { role: 'student', order: 1 },
    { role: 'company', order: 2 },
  ],
  ...over,
});

const codes = (issues: { code: string; pointer: string }[]) => issues.map((i) => `${i.code} ${i.pointer}`);

describe('variables', () => {
  it('finds unknown variables with a pointer to their text node, known ones pass', () => {
    const body: TRichTextDocument = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: '{{student.name}} en {{ student.shoe_size }}' }],
        },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'text', text: '{{company.iban}} {{nope}}' }] }],
        },
      ],
    };
    expect(unknownVariables(body)).toEqual([
      { variable: 'student.shoe_size', pointer: '/content/0/content/0/text' },
      { variable: 'company.iban', pointer: '/content/1/content/0/content/0/text' },
      { variable: 'nope', pointer: '/content/1/content/0/content/0/text' },
    ]);
    // A company field of the template is a variable.
    expect(unknownVariables(body, ['iban']).map((i) => i.variable)).toEqual(['student.shoe_size', 'nope']);
  });

  it('fills known variables per language, dates Dutch in nl, unknown values as dots, unknown names kept', () => {
    const filled = fillVariables(
      doc('{{student.name}} begint {{internship.start_date}}; {{mentor.name}}; {{x.y}}; {{company.uren}}'),
      { 'student.name': 'Sanne', 'internship.start_date': '2027-02-01', 'company.uren': '32' },
      'nl',
      [{ key: 'uren', kind: 'number', label: { nl: 'Uren', en: '' }, required: true }],
    );
    expect(filled.content?.[0]?.content?.[0]?.text).toBe('Sanne begint 01-02-2027; …………; {{x.y}}; 32');
    const en = fillVariables(
      doc('{{internship.start_date}}'),
      { 'internship.start_date': '2027-02-01' },
      'en',
    );
    expect(en.content?.[0]?.content?.[0]?.text).toBe('2027-02-01');
  });
});

describe('validateContractTemplate', () => {
  it('accepts a valid template and reports an unknown variable in either language', () => {
    expect(validateContractTemplate(content(), switches(), true)).toEqual([]);
    const issues = validateContractTemplate(
      content({ body_en: doc('ok', 'Hi {{student.nickname}}') }),
      switches(),
    );
    expect(issues).toEqual([
      {
        code: 'contract_variable_unknown',
        pointer: '/body_en/content/1/content/0/text',
        vars: { variable: 'student.nickname' },
      },
    ]);
  });

  it('company fields only where the company fills them; their keys unique; variables only then', () => {
    const fields = [{ key: 'iban', kind: 'text' as const, label: { nl: 'IBAN', en: '' }, required: true }];
    const withField = content({ company_fields: fields, body_nl: doc('{{company.iban}}') });
    expect(validateContractTemplate(withField, switches())).toEqual([]);
    expect(
      codes(validateContractTemplate(withField, switches({ companyFillsContractFields: false }))),
    ).toEqual([
      'contract_company_fields_unavailable /company_fields',
      'contract_variable_unknown /body_nl/content/0/content/0/text',
    ]);
    expect(
      codes(validateContractTemplate(content({ company_fields: [...fields, ...fields] }), switches())),
    ).toEqual(['contract_company_field_duplicate /company_fields/1/key']);
  });

  it('signer order rules per switch cell', () => {
    const rep = content({
      signers: [
        { role: 'student', order: 1 },
        { role: 'company', order: 1 },
        { role: 'school_representative', order: 2 },
      ],
    });
    // schoolRepresentativesInvitable off (nuborgh): the representative may not sign.
    expect(codes(validateContractTemplate(rep, switches({ schoolRepresentativesInvitable: false })))).toEqual(
      ['contract_signer_role_unavailable /signers/2/role'],
    );
    expect(validateContractTemplate(rep, switches())).toEqual([]);
    // companySignsFirst on (demo, raayland): the company alone, before everyone.
    expect(codes(validateContractTemplate(rep, switches({ companySignsFirst: true })))).toEqual([
      'contract_company_first /signers/1/order',
    ]);
    const first = content({
      signers: [
        { role: 'company', order: 1 },
        { role: 'student', order: 2 },
        { role: 'parent_guardian', order: 2 },
      ],
    });
    expect(validateContractTemplate(first, switches({ companySignsFirst: true }), true)).toEqual([]);
    // Duplicates; publishing needs a Dutch text, the student and the company.
    const bad = content({
      body_nl: doc(''),
      signers: [
        { role: 'student', order: 1 },
        { role: 'student', order: 2 },
      ],
    });
    expect(codes(validateContractTemplate(bad, switches(), true))).toEqual([
      'contract_signer_duplicate /signers/1/role',
      'contract_body_empty /body_nl',
      'contract_signers_missing /signers',
    ]);
    // A company-first tenant's template without the company cannot be published.
    expect(
      codes(
        validateContractTemplate(
          content({ signers: [{ role: 'student', order: 1 }] }),
          switches({ companySignsFirst: true }),
          true,
        ),
      ),
    ).toContain('contract_company_first /signers');
  });

  it('every tenant: its default signer order is valid under its switches', () => {
    for (const id of TENANT_IDS) {
      const f = getTenant(id)!.features;
      if (!contractsAvailable(f)) continue;
      const issues = validateContractTemplate(content({ signers: defaultSigners(f) }), f, true);
      expect(issues, id).toEqual([]);
      expect(
        defaultSigners(f).some((s) => s.role === 'school_representative'),
        id,
      ).toBe(f.schoolRepresentativesInvitable);
    }
  });

  it('the wire schema refuses an unknown role and an order out of range', () => {
    expect(
      ZContractTemplateVersionUpdate.safeParse({ signers: [{ role: 'janitor', order: 1 }] }).success,
    ).toBe(false);
    expect(
      ZContractTemplateVersionUpdate.safeParse({ signers: [{ role: 'student', order: 0 }] }).success,
    ).toBe(false);
    expect(
      ZContractTemplateVersionUpdate.safeParse({ signers: [{ role: 'student', order: 2 }] }).success,
    ).toBe(true);
  });
});

describe('signers', () => {
  const template = [
    { role: 'company' as const, order: 1 },
    { role: 'student' as const, order: 2 },
    { role: 'parent_guardian' as const, order: 2 },
    { role: 'mentor' as const, order: 3 },
  ];

  it('the parent or guardian signs for a minor only; age on the start date', () => {
    expect(contractSigners(template, true).map((s) => s.role)).toEqual([
      'company',
      'student',
      'parent_guardian',
      'mentor',
    ]);
    expect(contractSigners(template, false).map((s) => s.role)).toEqual(['company', 'student', 'mentor']);
    expect(isMinorOn('2009-02-01', '2027-01-31')).toBe(true);
    expect(isMinorOn('2009-02-01', '2027-02-01')).toBe(false);
    expect(isMinorOn('2008-12-31', '2027-02-01')).toBe(false);
  });

  it('whose turn: the lowest pending order, equal order in parallel', () => {
    const s = template.map((t) => ({ ...t, state: 'pending' as const }));
    expect(signersToAct(s).map((x) => x.role)).toEqual(['company']);
    const afterCompany = s.map((x) => (x.role === 'company' ? { ...x, state: 'signed' as const } : x));
    expect(signersToAct(afterCompany).map((x) => x.role)).toEqual(['student', 'parent_guardian']);
    expect(contractNextActors('signing', afterCompany)).toEqual(['student', 'parent_guardian']);
    expect(contractNextActors('draft', s)).toEqual(['school']);
    expect(contractNextActors('company_fields', s)).toEqual(['company']);
    expect(contractNextActors('voided', s)).toEqual([]);
    expect(signersToAct(s.map((x) => ({ ...x, state: 'signed' as const })))).toEqual([]);
  });
});

describe('statuses and who may', () => {
  it('moves along draft → company_fields → signing → signed → sealed, voided from all but sealed', () => {
    expect(releasedStatus(2)).toBe('company_fields');
    expect(releasedStatus(0)).toBe('signing');
    expect(mayMoveContract('draft', 'signing')).toBe(true);
    expect(mayMoveContract('company_fields', 'signing')).toBe(true);
    expect(mayMoveContract('signing', 'draft')).toBe(false);
    expect(mayMoveContract('sealed', 'voided')).toBe(false);
    expect(mayMoveContract('voided', 'draft')).toBe(false);
    expect(mayMoveContract('signed', 'voided')).toBe(true);
  });

  it('school admins of that approved school, on traineeship tenants only', () => {
    const p = { isSchoolAdmin: true };
    const school = { id: 's1', type: 'School' as const, status: 'approved' as const };
    const on = { traineeship: true };
    expect(mayManageContracts(p, school, on, 's1')).toBe(true);
    expect(mayManageContracts(p, school, on)).toBe(true);
    expect(mayManageContracts(p, school, on, 's2')).toBe(false);
    expect(mayManageContracts(p, school, { traineeship: false }, 's1')).toBe(false);
    expect(mayManageContracts({ isSchoolAdmin: false }, school, on, 's1')).toBe(false);
    expect(mayManageContracts(p, { ...school, status: 'pending' }, on, 's1')).toBe(false);
    expect(mayManageContracts(p, { ...school, type: 'Provider' }, on, 's1')).toBe(false);
  });

  it('company fields: the contact person or an admin of the organization, while the contract waits for them', () => {
    const org = { id: 'o1', type: 'Provider' as const, status: 'approved' as const };
    const c = { status: 'company_fields' as const, organizationId: 'o1', contactPersonId: 'u9' };
    const admin = { userId: 'u1', permissions: { isAdmin: true }, current: org };
    expect(mayFillCompanyFields(admin, c)).toBe(true);
    expect(mayFillCompanyFields({ ...admin, current: { ...org, id: 'o2' } }, c)).toBe(false);
    expect(mayFillCompanyFields({ ...admin, permissions: { isAdmin: false } }, c)).toBe(false);
    expect(mayFillCompanyFields({ userId: 'u9', permissions: { isAdmin: false }, current: null }, c)).toBe(
      true,
    );
    expect(mayFillCompanyFields(admin, { ...c, status: 'signing' })).toBe(false);
  });

  it('the sealed PDF: its signers, the contact person and the internship’s parties, once sealed', () => {
    const c = { status: 'sealed' as const, contactPersonId: 'c1', signerUserIds: ['s1', null, 'm1'] };
    const nobody = { userId: 'u9', parties: [] };
    expect(mayDownloadContract({ userId: 's1', parties: [] }, c)).toBe(true);
    expect(mayDownloadContract({ userId: 'm1', parties: [] }, c)).toBe(true);
    expect(mayDownloadContract({ userId: 'c1', parties: [] }, c)).toBe(true);
    for (const party of ['student', 'mentor', 'school', 'organization'] as const)
      expect(mayDownloadContract({ ...nobody, parties: [party] }, c), party).toBe(true);
    expect(mayDownloadContract(nobody, c)).toBe(false);
    expect(mayDownloadContract({ userId: null, parties: ['school'] }, c)).toBe(false);
    // A signer by address only (null) is no account that matches.
    expect(mayDownloadContract({ userId: null, parties: [] }, c)).toBe(false);
    for (const status of ['draft', 'company_fields', 'signing', 'signed', 'voided'] as const)
      expect(mayDownloadContract({ userId: 's1', parties: ['school'] }, { ...c, status }), status).toBe(
        false,
      );
  });

  it('a student sees a contract once sent out; a voided one only if it had been sent', () => {
    const sent = '2027-01-10T09:00:00Z';
    expect(studentSeesContract({ status: 'draft', releasedAt: null })).toBe(false);
    for (const status of ['company_fields', 'signing', 'signed', 'sealed'] as const)
      expect(studentSeesContract({ status, releasedAt: sent }), status).toBe(true);
    expect(studentSeesContract({ status: 'voided', releasedAt: sent })).toBe(true);
    expect(studentSeesContract({ status: 'voided', releasedAt: null })).toBe(false);
  });
});
