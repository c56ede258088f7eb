import { useQuery } from '@tanstack/react-query';
import { mayDesignWorkflows } from '@stageplein/contracts/phases/workflow-rules';
import type { TWorkflowDesignerSelfDocument } from '@stageplein/contracts/phases/workflow-definitions';
import { useApi } from '../api/api-context.ts';
import { currentOrganizationFacts } from './organization-facts.ts';
import { useSession } from './session-context.ts';

/** The query key of the caller's designer grant; granting or taking it back invalidates it. */
export const DESIGNER_SELF_KEY = 'workflow-designer-self';

export interface TDesignerGrant {
  /** Contracts' `mayDesignWorkflows` for the current organization with the caller's grant. */
  mayDesign: boolean;
  /** A school admin granted this mentor the permission (the server's answer; false while asking). */
  granted: boolean;
  /** Still asking the server about a mentor's grant. */
  pending: boolean;
}

/**
 * Whether the signed-in person designs the current School's workflows (issue #33, docs/decisions/phases.md
 * "Who designs"): contracts' `mayDesignWorkflows`, with the grant a school admin gave a mentor. Only a
 * mentor the role alone does not let design asks the server (`GET /api/v1/workflow_designers/me`, which
 * answers everyone, so nobody is refused for asking); the answer is shared by the dashboard's tile, the
 * account menu and the designer's gate.
 */
export function useDesignerGrant(): TDesignerGrant {
  const session = useSession();
  const api = useApi();
  const facts = currentOrganizationFacts(session);
  const byRole = mayDesignWorkflows(session.permissions, facts);
  // Only whom a grant would let design (contracts' rule: a mentor of an approved School) asks.
  const asks = !byRole && mayDesignWorkflows(session.permissions, facts, true);
  const grant = useQuery({
    queryKey: [DESIGNER_SELF_KEY, session.user?.id ?? null, facts?.id ?? null],
    enabled: asks && !!session.user,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api.client.get<TWorkflowDesignerSelfDocument>('/api/v1/workflow_designers/me', { signal, raw: true }),
  });
  const granted = asks && grant.data?.data.attributes.granted === true;
  return {
    mayDesign: mayDesignWorkflows(session.permissions, facts, granted),
    granted,
    pending: asks && grant.isPending,
  };
}
