import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip } from '@mui/material';

export function fullName(record: Partial<RaRecord> | undefined): string {
  if (!record) return '';
  return [record.firstName, record.lastName].filter(Boolean).join(' ') || String(record.email ?? '');
}

/** The user's roles on the selected organization (other organizations' roles never count here). */
export function rolesHere(record: RaRecord | undefined, organizationId: string | undefined): string[] {
  const roles = Array.isArray(record?.roles)
    ? (record.roles as { name?: unknown; resourceId?: unknown }[])
    : [];
  return [
    ...new Set(
      roles
        .filter(
          (r) => !organizationId || r.resourceId === undefined || String(r.resourceId) === organizationId,
        )
        .map((r) => String(r.name)),
    ),
  ].sort();
}

/** Role names as chips (translated). */
export function RoleChips({ organizationId }: { organizationId: string | undefined }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const names = rolesHere(record, organizationId);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={translate(`admin.roles.${name}`)} />
      ))}
    </Box>
  );
}

export function FullNameField() {
  const record = useRecordContext();
  return <>{fullName(record)}</>;
}
