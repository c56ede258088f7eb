import { z } from 'zod';
import { WRITE_BACK_TARGETS } from '../placements/write-back-policy.ts';

/**
 * Write-back runs (docs/decisions/write-back.md); subject: the run's id. `requested` starts its workflow
 * (placements' consumer); `finished` carries the report's counts, no personal data.
 */
const ZWriteBackRef = z.object({
  write_back_id: z.uuid(),
  school_id: z.uuid(),
  period_id: z.uuid(),
  target: z.enum(WRITE_BACK_TARGETS),
});

export const WRITE_BACK_EVENT_PAYLOADS = {
  'placements.write_back.requested': ZWriteBackRef.extend({ total: z.number().int() }),
  'placements.write_back.finished': ZWriteBackRef.extend({
    status: z.enum(['done', 'failed']),
    sent: z.number().int(),
    already_sent: z.number().int(),
    refused: z.number().int(),
    exported: z.number().int(),
    error: z.string().nullable(),
  }),
};
