import type { z } from 'zod';
import type {
  TTimelinePhase,
  TWorkflowDefinitionResource,
  TWorkflowVersionResource,
  ZWorkflowDefinitionCollection,
  ZWorkflowDefinitionDocument,
  ZWorkflowTimelineDocument,
} from '@stageplein/contracts/phases/workflow-definitions';
import { versionLinks } from '@stageplein/kit/versioned/versioned-document';
import type { TDefinitionRow, TDefinitionWithVersions, TVersionRow } from './definitions.repository.ts';

export function definitionResource(view: TDefinitionWithVersions): TWorkflowDefinitionResource {
  const { definition: d, published, draft } = view;
  const versions = versionLinks('workflow_version', view);
  return {
    type: 'workflow_definition',
    id: d.id,
    attributes: {
      name: d.name,
      school_id: d.school_id,
      contract_type: d.contract_type,
      is_default: d.is_default,
      ...versions.attributes,
      phase_count: (published ?? draft)?.phases.length ?? 0,
      created_at: d.created_at.toISOString(),
      updated_at: d.updated_at.toISOString(),
    },
    relationships: versions.relationships,
  };
}

export function versionResource(version: TVersionRow, definition: TDefinitionRow): TWorkflowVersionResource {
  return {
    type: 'workflow_version',
    id: version.id,
    attributes: {
      definition_id: definition.id,
      school_id: definition.school_id,
      name: definition.name,
      contract_type: definition.contract_type,
      version: version.version,
      state: version.state,
      phases: version.phases,
      published_at: version.published_at?.toISOString() ?? null,
      created_at: version.created_at.toISOString(),
      updated_at: version.updated_at.toISOString(),
    },
    relationships: { definition: { data: { type: 'workflow_definition', id: definition.id } } },
  };
}

/** One definition with its published version and draft included (phases and tasks). */
export function definitionDocument(
  view: TDefinitionWithVersions,
): z.infer<typeof ZWorkflowDefinitionDocument> {
  const included = [view.published, view.draft].flatMap((v) =>
    v ? [versionResource(v, view.definition)] : [],
  );
  return { data: definitionResource(view), included };
}

export const definitionCollection = (
  views: TDefinitionWithVersions[],
  canDesign: boolean,
): z.infer<typeof ZWorkflowDefinitionCollection> => ({
  data: views.map(definitionResource),
  meta: { total: views.length, can_design: canDesign },
});

export const timelineDocument = (
  versionId: string,
  period: { start_date: string; end_date: string },
  phases: TTimelinePhase[],
): z.infer<typeof ZWorkflowTimelineDocument> => ({
  data: { type: 'workflow_timeline', id: versionId, attributes: { ...period, phases } },
});
