import type { TRequestView } from './supervisor-accounts.repository.ts';

export const requestResource = (r: TRequestView) => ({
  type: 'supervisor_account_request' as const,
  id: r.id,
  attributes: {
    status: r.status,
    name: r.name,
    email: r.email,
    organization_id: r.organization_id,
    internship_id: r.internship_id,
    internship_title: r.internship_title,
    requested_at: r.requested_at.toISOString(),
    answered_at: r.answered_at?.toISOString() ?? null,
  },
});
