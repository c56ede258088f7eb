import { z } from 'zod';
import { ZInternshipContractType } from '../placements/internships.ts';

/**
 * Workflow definitions (docs/decisions/phases.md). Subject: the definition, so one definition's events
 * stay in order; a designer grant's subject is the school.
 */
const ZDefinition = z.object({
  definition_id: z.uuid(),
  school_id: z.uuid(),
  contract_type: ZInternshipContractType,
});

export const PHASES_EVENT_PAYLOADS = {
  /** A definition and its first draft (version 1). */
  'placements.workflow_definition.created': ZDefinition.extend({ name: z.string(), version_id: z.uuid() }),
  /**
   * A change that is not a publication: `name`, `is_default` (it became the school's default for its
   * kind), `draft` (the draft's phases changed, or a new draft was made: `version_id` names it).
   */
  'placements.workflow_definition.updated': ZDefinition.extend({
    changed: z.array(z.enum(['name', 'is_default', 'draft'])),
    version_id: z.uuid().nullable(),
    is_default: z.boolean(),
  }),
  /**
   * A version was published (immutable from now on). New internships of the school and kind start with
   * it when the definition is the default; running ones keep theirs until migrated explicitly.
   */
  'placements.workflow_definition.published': ZDefinition.extend({
    version_id: z.uuid(),
    version: z.number().int(),
    is_default: z.boolean(),
    phase_ids: z.array(z.uuid()),
  }),
  /** A school admin granted a mentor of the school the designer permission, or took it back. */
  'placements.workflow_designer.granted': z.object({ school_id: z.uuid(), user_id: z.uuid() }),
  'placements.workflow_designer.revoked': z.object({ school_id: z.uuid(), user_id: z.uuid() }),
} as const satisfies Record<string, z.ZodType>;
