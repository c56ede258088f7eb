import { maxLength, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { dutchDate } from '@stageplein/contracts/domain/school-years';
import {
  COMPLIANCE_KINDS,
  complianceState,
  type TComplianceDocumentFacts,
  type TComplianceKind,
  type TComplianceStatus,
} from '@stageplein/contracts/organizations/compliance';
import { DateInput } from '../../ui/date-input.tsx';

export const COMPLIANCE_KIND_CHOICES = COMPLIANCE_KINDS.map((id) => ({
  id,
  name: `organizations.compliance.kinds.${id}`,
}));

const COLORS: Record<TComplianceStatus, 'success' | 'warning' | 'error'> = {
  compliant: 'success',
  expiring: 'warning',
  expired: 'error',
  missing: 'error',
};

/** A compliance status as a chip; the text, not the colour, carries it. */
export function ComplianceChip({ status }: { status: TComplianceStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={translate(`organizations.compliance.statuses.${status}`)}
      data-testid={`compliance-${status}`}
      sx={{ fontWeight: 600, '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}

/** A document record of the data provider (camelCase) as the shared rule reads it. */
export const documentFacts = (r: Record<string, unknown>): TComplianceDocumentFacts => ({
  id: String(r.id),
  kind: r.kind as TComplianceKind,
  issued_on: String(r.issuedOn),
  expires_on: (r.expiresOn as string | null) ?? null,
});

/**
 * An organization's state per required kind, computed in the browser by contracts' `complianceState`,
 * the rule the server gates publishing with.
 */
export function ComplianceSummary({
  required,
  documents,
}: {
  required: readonly TComplianceKind[];
  documents: readonly TComplianceDocumentFacts[];
}) {
  const translate = useTranslate();
  const state = complianceState(required, documents, dutchDate(new Date()));
  if (!state.kinds.length) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid="compliance-summary">
      {!state.may_publish && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('admin.compliance.cannotPublish')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {state.kinds.map((k) => (
          <Box key={k.kind} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2">{translate(`organizations.compliance.kinds.${k.kind}`)}</Typography>
            <ComplianceChip status={k.status} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** `ZComplianceDocumentInput`: no file upload (organizations stores no files yet): a reference or note. */
export function DocumentInputs() {
  const translate = useTranslate();
  return (
    <>
      <SelectInput source="kind" choices={COMPLIANCE_KIND_CHOICES} validate={required()} />
      <TextInput
        source="reference"
        validate={maxLength(200)}
        helperText={translate('admin.compliance.referenceHint')}
      />
      <TextInput source="note" multiline validate={maxLength(2000)} />
      <DateInput source="issuedOn" required />
      <DateInput
        source="expiresOn"
        notBefore="issuedOn"
        helperText={translate('admin.compliance.expiresHint')}
      />
    </>
  );
}
