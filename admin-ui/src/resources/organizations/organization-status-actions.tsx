import { useState, type ReactElement } from 'react';
import {
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type RaRecord,
} from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import ArchiveIcon from '@mui/icons-material/Archive';
import ReplayIcon from '@mui/icons-material/Replay';
import { canTransition, type TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { useCan } from '../../app/session-context.ts';
import { ActionButton } from '../../ui/action-button.tsx';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';

type TTarget = Extract<TOrganizationStatus, 'approved' | 'denied' | 'archived' | 'pending'>;

const LABELS: Record<TTarget, { label: string; done: string; icon: ReactElement }> = {
  approved: {
    label: 'admin.organizations.approve',
    done: 'admin.organizations.approved',
    icon: <CheckIcon />,
  },
  denied: { label: 'admin.organizations.deny', done: 'admin.organizations.denied', icon: <BlockIcon /> },
  archived: {
    label: 'admin.organizations.archive',
    done: 'admin.organizations.archived',
    icon: <ArchiveIcon />,
  },
  pending: {
    label: 'admin.organizations.reopen',
    done: 'admin.organizations.reopened',
    icon: <ReplayIcon />,
  },
};

/**
 * Approve / deny / archive / back to the queue for one organization, as the server's transitions
 * allow them (contracts ORGANIZATION_STATUS_TRANSITIONS) and only for its moderators:
 * PUT /api/v1/organizations/{id}/approve with data{type, id, attributes{status}}.
 */
export function OrganizationStatusActions({
  targets = ['approved', 'denied', 'archived', 'pending'],
}: {
  targets?: TTarget[];
}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const allowed = useCan('organizations', 'changeStatus', record);
  const [busy, setBusy] = useState(false);
  if (!record || !allowed) return null;
  const status = record.status as TOrganizationStatus;
  const name = String(record.name ?? '');
  const change = (to: TTarget, reason?: string) =>
    dataProvider.setOrganizationStatus(
      { id: record.id, type: String(record.organizationType ?? record.type) },
      to,
      reason,
    );
  const approveNow = async () => {
    setBusy(true);
    try {
      await change('approved');
      notify(LABELS.approved.done, { type: 'success', messageArgs: { smart_count: 1 } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {targets
        .filter((to) => canTransition(status, to))
        .map((to) =>
          to === 'approved' || to === 'pending' ? (
            <ActionButton
              key={to}
              label={translate(LABELS[to].label)}
              disabled={busy}
              testId={`${to}-${record.id}`}
              onClick={() =>
                to === 'approved'
                  ? void approveNow()
                  : void change('pending').then(
                      () => (notify(LABELS.pending.done, { type: 'success' }), refresh()),
                      (e: Error) => notify(e.message, { type: 'error' }),
                    )
              }
              icon={LABELS[to].icon}
            />
          ) : (
            <ConfirmAction
              key={to}
              label={LABELS[to].label}
              icon={LABELS[to].icon}
              color={to === 'denied' ? 'error' : 'primary'}
              confirmColor="warning"
              title={to === 'denied' ? 'admin.organizations.denyTitle' : 'admin.organizations.archiveTitle'}
              content={
                to === 'denied' ? 'admin.organizations.denyContent' : 'admin.organizations.archiveContent'
              }
              reasonLabel={to === 'denied' ? 'resources.organizations.fields.reason' : undefined}
              messageArgs={{ name, smart_count: 1 }}
              success={LABELS[to].done}
              testId={`${to}-${record.id}`}
              action={(reason) => change(to, reason)}
            />
          ),
        )}
    </>
  );
}

/** The same for the selected rows of the approval queue (bulk actions). */
export function BulkStatusButton({ to }: { to: 'approved' | 'denied' | 'archived' }) {
  const { selectedIds, data } = useListContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('organizations');
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const records = (data ?? []).filter((r: RaRecord) => selectedIds.includes(r.id));
  const run = async () => {
    setBusy(true);
    const results = await Promise.allSettled(
      records.map((r) =>
        dataProvider.setOrganizationStatus({ id: r.id, type: String(r.organizationType ?? r.type) }, to),
      ),
    );
    setBusy(false);
    const done = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (done) notify(LABELS[to].done, { type: 'success', messageArgs: { smart_count: done } });
    if (failed) notify((failed.reason as Error).message, { type: 'error' });
    unselectAll();
    refresh();
  };
  if (to === 'approved') {
    return (
      <ActionButton
        label={translate(LABELS[to].label)}
        onClick={() => void run()}
        disabled={busy}
        testId="bulk-approved"
        icon={LABELS[to].icon}
      />
    );
  }
  return (
    <ConfirmAction
      label={LABELS[to].label}
      icon={LABELS[to].icon}
      color={to === 'denied' ? 'error' : 'primary'}
      confirmColor="warning"
      title={to === 'denied' ? 'admin.organizations.bulkDenyTitle' : 'admin.organizations.bulkArchiveTitle'}
      content={to === 'denied' ? 'admin.organizations.denyContent' : 'admin.organizations.archiveContent'}
      messageArgs={{ smart_count: records.length }}
      success={LABELS[to].done}
      testId={`bulk-${to}`}
      action={() =>
        Promise.all(
          records.map((r) =>
            dataProvider.setOrganizationStatus({ id: r.id, type: String(r.organizationType ?? r.type) }, to),
          ),
        )
      }
      onDone={() => unselectAll()}
    />
  );
}
