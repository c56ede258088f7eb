import type { z } from 'zod';
import {
  contractNextActors,
  signersToAct,
  type TContractAttributes,
  type TContractDetailResource,
  type TContractMeta,
  type TContractResource,
  type ZContractCollection,
  type ZContractDocument,
} from '@stageplein/contracts/internship-contracts/contract-schemas';
import type { TContractView } from './contracts.repository.ts';

function attributesOf(c: TContractView): TContractAttributes {
  const signers = c.signers.map((s) => ({ ...s, order: s.position }));
  const toAct = new Set(c.status === 'signing' ? signersToAct(signers).map((s) => s.id) : []);
  return {
    internship_id: c.internship_id,
    school_id: c.school_id,
    organization_id: c.organization_id,
    student_id: c.student_id,
    template_id: c.template_id,
    template_version_id: c.template_version_id,
    template_version: c.template_version,
    status: c.status,
    seal_state: c.seal_state,
    seal_error: c.seal_state === 'sealed' ? null : c.seal_error,
    seal_attempts: c.seal_attempts,
    void_reason: c.void_reason,
    voided_at: c.voided_at?.toISOString() ?? null,
    student_name: c.student_name,
    organization_name: c.organization_name,
    internship_title: c.internship_title,
    student_birth_date: c.student_birth_date,
    next_actors: contractNextActors(c.status, signers),
    signers: signers.map((s) => ({
      id: s.id,
      role: s.role,
      order: s.position,
      state: s.state,
      to_act: toAct.has(s.id),
      name: s.name,
      email_known: s.user_id !== null || s.email !== null,
      signed_at: s.signed_at?.toISOString() ?? null,
    })),
    company_fields: c.company_fields,
    company_values: c.company_values,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

export const contractResource = (c: TContractView): TContractResource => ({
  type: 'contract',
  id: c.id,
  attributes: attributesOf(c),
  relationships: { internship: { data: { type: 'internship', id: c.internship_id } } },
});

export const contractDetailResource = (c: TContractView, meta: TContractMeta): TContractDetailResource => ({
  type: 'contract',
  id: c.id,
  attributes: { ...attributesOf(c), html_nl: c.html_nl, html_en: c.html_en, variables: c.variables },
  relationships: { internship: { data: { type: 'internship', id: c.internship_id } } },
  meta,
});

export const contractDocument = (
  c: TContractView,
  meta: TContractMeta,
): z.infer<typeof ZContractDocument> => ({
  data: contractDetailResource(c, meta),
});

export const contractCollection = (rows: TContractView[]): z.infer<typeof ZContractCollection> => ({
  data: rows.map(contractResource),
  meta: { total: rows.length },
});
