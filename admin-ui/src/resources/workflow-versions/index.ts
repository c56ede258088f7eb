/** A workflow's version (issue #33), read-only: `/admin/workflow_versions/{id}`, its phases and tasks. */
export { WorkflowVersionShow as show } from './workflow-version-show.tsx';
