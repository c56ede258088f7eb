import type {
  TComplianceDocumentResource,
  TComplianceKind,
  TComplianceRequirementResource,
} from '@stageplein/contracts/organizations/compliance';
import type { TComplianceDocumentRow } from './compliance.repository.ts';

export function documentResource(d: TComplianceDocumentRow): TComplianceDocumentResource {
  return {
    type: 'compliance_document',
    id: d.id,
    attributes: {
      organization_id: d.organization_id,
      kind: d.kind,
      reference: d.reference,
      note: d.note,
      issued_on: d.issued_on,
      expires_on: d.expires_on,
      created_at: d.created_at.toISOString(),
      updated_at: d.updated_at.toISOString(),
    },
  };
}

export function requirementResource(
  organizationId: string,
  kinds: readonly TComplianceKind[],
): TComplianceRequirementResource {
  return {
    type: 'compliance_requirement',
    id: organizationId,
    attributes: { organization_id: organizationId, kinds: [...kinds] },
  };
}
