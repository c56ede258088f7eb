import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import { complianceRules } from '@stageplein/contracts/organizations/compliance';
import type { TCaller, TRequestCaller } from '../shared/caller.ts';

/** The organization whose documents, state or requirements are concerned. */
export interface TComplianceTarget {
  id: string;
  type: TOrganizationType;
}

/**
 * Who may do what with compliance (docs/decisions/compliance.md): the pure rules of
 * contracts/organizations/compliance.ts (the admin's buttons use the same ones), applied to the caller
 * (their permissions and current organization are the rules' actor) and the organization concerned.
 */
export const compliancePolicy = {
  view: (caller: TCaller, organization: TComplianceTarget) => complianceRules.view(caller, organization.id),
  viewDocuments: (caller: TCaller, organization: TComplianceTarget) =>
    complianceRules.viewDocuments(caller, organization.id),
  /** Every organization's documents at once (the tenant's content editors). */
  viewAllDocuments: (caller: TCaller) => complianceRules.viewAllDocuments(caller),
  manageDocuments: (caller: TCaller, organization: TComplianceTarget) =>
    complianceRules.manageDocuments(caller, organization),
  setRequirements: (caller: TCaller, organization: TComplianceTarget) =>
    complianceRules.setRequirements(caller, organization.id),
};

/** For serializers of requests that may be anonymous: nobody anonymous sees compliance. */
export const mayViewCompliance = (caller: TRequestCaller, organizationId: string) =>
  !!caller.auth && complianceRules.view(caller, organizationId);
