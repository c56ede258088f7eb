import type { ReactElement } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import { Stack } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import LockIcon from '@mui/icons-material/Lock';
import PublishIcon from '@mui/icons-material/Publish';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { TVacancyAction } from '@stageplein/contracts/placements/vacancies';
import { useAdminPermissions } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { vacancyActionsFor } from './vacancy-actions.ts';
import { useVacancyTexts } from './vacancy-texts.ts';

const ICONS: Record<TVacancyAction, ReactElement> = {
  publish: <PublishIcon />,
  close: <LockIcon />,
  archive: <ArchiveIcon />,
  hide: <VisibilityOffIcon />,
  unhide: <VisibilityIcon />,
};

/**
 * The record's status actions, each confirmed in a dialog; hiding asks for the reason the organization
 * will see (required, as the API requires it).
 */
export function VacancyActionButtons() {
  const record = useRecordContext();
  const permissions = useAdminPermissions();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const texts = useVacancyTexts();
  const actions = vacancyActionsFor(permissions, record);
  if (!record || !actions.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {actions.map((action) => (
        <ConfirmAction
          key={action}
          label={texts.actions[action]}
          icon={ICONS[action]}
          title={texts.actions[action]}
          content={texts.confirm[action]}
          success={texts.done[action]}
          confirmColor={action === 'hide' || action === 'archive' ? 'warning' : 'primary'}
          testId={`vacancy-${action}`}
          reasonLabel={action === 'hide' ? texts.fields.hiddenReason : undefined}
          reasonRequired={action === 'hide'}
          action={(reason) =>
            dataProvider.vacancyAction(record.id, action, action === 'hide' ? (reason ?? '') : undefined)
          }
        />
      ))}
    </Stack>
  );
}
