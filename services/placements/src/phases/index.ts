// The phases group's public entry (docs/decisions/placements.md "Groups"; docs/decisions/phases.md).
export { phasesGroup } from './phases.module.ts';
export {
  defaultPublishedVersion,
  findDefinition,
  findVersion,
  type TDefinitionRow,
  type TVersionRow,
} from './definitions/definitions.repository.ts';
export { seedWorkflowContent, seedWorkflowId } from './phases.seed-content.ts';
export { assertDesigner } from './designers/designers.policy.ts';
