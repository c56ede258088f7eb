import type { z } from 'zod';
import type {
  TWorkflowDesignerResource,
  ZWorkflowDesignerCollection,
} from '@stageplein/contracts/phases/workflow-definitions';
import type { TDesignerRow } from './designers.repository.ts';

export const designerResource = (row: TDesignerRow): TWorkflowDesignerResource => ({
  type: 'workflow_designer',
  id: row.user_id,
  attributes: {
    school_id: row.school_id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    created_at: row.created_at.toISOString(),
  },
});

export const designerCollection = (rows: TDesignerRow[]): z.infer<typeof ZWorkflowDesignerCollection> => ({
  data: rows.map(designerResource),
  meta: { total: rows.length },
});
