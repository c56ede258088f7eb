/**
 * Workflow definitions (issue #33), read-only: `/admin/workflows` lists the selected School's,
 * `/admin/workflows/{id}` shows one with the internships running it. Designing, publishing and moving
 * running internships are the portal's designer (`/workflows…`, docs/decisions/phases.md), linked from here.
 */
export { WorkflowDefinitionList as list } from './workflow-definition-list.tsx';
export { WorkflowDefinitionShow as show } from './workflow-definition-show.tsx';
