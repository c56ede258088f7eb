import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { canDesignWorkflows, canGrantWorkflowDesign } from '@stageplein/contracts/phases/workflow-rules';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { DESIGNER_SELF_KEY } from '../../session/designer-grant.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  grantDesigner,
  listDesigners,
  revokeDesigner,
  schoolMentors,
  type TDesigner,
  type TStaffMember,
} from './workflow-api.ts';
import { useWorkflowTexts } from './workflow-messages.ts';

/**
 * Who designs the school's workflows (issue #33 item 2, docs/decisions/phases.md "Who designs"): on
 * `/workflows` for the school's admins only (contracts' `canGrantWorkflowDesign`). Every mentor of the
 * school with what a grant means for them by contracts' `canDesignWorkflows` on their roles here: a
 * mentor who is also an admin designs anyway; another one designs exactly while granted.
 */
export function WorkflowDesigners() {
  const { permissions } = useSession();
  if (!canGrantWorkflowDesign(permissions)) return null;
  return <Designers />;
}

type TRow = { member: TStaffMember; byRole: boolean; granted: boolean };

function Designers() {
  const { t, tShared } = useWorkflowTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const { currentOrganization } = useSession();
  const schoolId = currentOrganization?.id ?? '';
  const mentors = useQuery({
    queryKey: ['workflow-mentors', schoolId],
    queryFn: ({ signal }) => schoolMentors(api.client, signal),
  });
  const designers = useQuery({
    queryKey: ['workflow-designers', schoolId],
    queryFn: ({ signal }) => listDesigners(api.client, signal),
  });
  const change = useMutation({
    mutationFn: async ({ row, grant }: { row: TRow; grant: boolean }) =>
      grant ? grantDesigner(api.client, row.member.id) : revokeDesigner(api.client, row.member.id),
    onSuccess: async (_, { row, grant }) => {
      toast.success(
        t(grant ? 'designers.grantedToast' : 'designers.revokedToast', { name: row.member.name }),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['workflow-designers'] }),
        queryClient.invalidateQueries({ queryKey: [DESIGNER_SELF_KEY] }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, tShared)),
  });
  const granted = new Set((designers.data ?? []).map((d: TDesigner) => d.user_id));
  const school = { id: schoolId, type: 'School' };
  const rows: TRow[] = (mentors.data ?? []).map((member) => {
    const here = derivePermissions(member.roles, school);
    return {
      member,
      // Contracts' rule decides what a grant changes: nothing for a mentor who designs by role.
      byRole: canDesignWorkflows(here, false),
      granted: granted.has(member.id) && canDesignWorkflows(here, true),
    };
  });
  const failed = mentors.error ?? designers.error;
  return (
    <section className="card" aria-labelledby="workflow-designers" data-testid="workflow-designers">
      <h2 id="workflow-designers">{t('designers.title')}</h2>
      <p>{t('designers.intro')}</p>
      {failed && <FormAlert tone="error">{errorMessage(failed, tShared)}</FormAlert>}
      {(mentors.isPending || designers.isPending) && !failed && <p role="status">{t('loading')}</p>}
      {mentors.data && designers.data && rows.length === 0 && <p>{t('designers.none')}</p>}
      {mentors.data && designers.data && rows.length > 0 && (
        <ul className="workflow-designers" aria-label={t('designers.listLabel')}>
          {rows.map((row) => (
            <li
              key={row.member.id}
              className="workflow-designer"
              data-testid="workflow-designer"
              data-granted={row.granted || row.byRole}
            >
              <div className="workflow-designer__who">
                <strong>{row.member.name}</strong>
                <span className="muted">{row.member.email}</span>
              </div>
              <p className="workflow-designer__state" data-testid="workflow-designer-state">
                {row.byRole
                  ? t('designers.byRole')
                  : row.granted
                    ? t('designers.granted')
                    : t('designers.notGranted')}
              </p>
              {!row.byRole && (
                <button
                  type="button"
                  className={`btn ${row.granted ? 'btn--neutral' : 'btn--primary'}`}
                  data-testid={row.granted ? 'workflow-designer-revoke' : 'workflow-designer-grant'}
                  aria-disabled={change.isPending || undefined}
                  onClick={() => !change.isPending && change.mutate({ row, grant: !row.granted })}
                >
                  {row.granted ? t('designers.revoke') : t('designers.grant')}
                  <span className="visually-hidden"> {row.member.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
