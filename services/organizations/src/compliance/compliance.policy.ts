import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import { complianceRules, type TComplianceActor } from '@stageplein/contracts/organizations/compliance';
import type { TAuth } from '@stageplein/kit/auth/auth.types';

export interface TComplianceSubject {
  current: TCurrentOrganizationFacts | null;
  /** The organization whose documents, state or requirements are concerned. */
  organization: { id: string; type: TOrganizationType };
}

const actorOf = (auth: TAuth, current: TCurrentOrganizationFacts | null): TComplianceActor => ({
  permissions: auth.permissions,
  current,
});

/**
 * Who may do what with compliance (docs/decisions/compliance.md): the pure rules of
 * contracts/organizations/compliance.ts (the admin's buttons use the same ones), applied to the caller.
 */
export const compliancePolicy = {
  view: (auth: TAuth, { current, organization }: TComplianceSubject) =>
    complianceRules.view(actorOf(auth, current), organization.id),
  viewDocuments: (auth: TAuth, { current, organization }: TComplianceSubject) =>
    complianceRules.viewDocuments(actorOf(auth, current), organization.id),
  /** Every organization's documents at once (the tenant's content editors). */
  viewAllDocuments: (auth: TAuth, { current }: { current: TCurrentOrganizationFacts | null }) =>
    complianceRules.viewAllDocuments(actorOf(auth, current)),
  manageDocuments: (auth: TAuth, { current, organization }: TComplianceSubject) =>
    complianceRules.manageDocuments(actorOf(auth, current), organization),
  setRequirements: (auth: TAuth, { current, organization }: TComplianceSubject) =>
    complianceRules.setRequirements(actorOf(auth, current), organization.id),
};

/** For serializers without a signed-in caller at hand: nobody anonymous sees compliance. */
export const mayViewCompliance = (
  auth: TAuth | null,
  current: TCurrentOrganizationFacts | null,
  organizationId: string,
) => !!auth && complianceRules.view(actorOf(auth, current), organizationId);
