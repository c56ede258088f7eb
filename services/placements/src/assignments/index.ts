// The assignments group's public entry (docs/decisions/placements.md "Groups").
export { assignmentsGroup } from './assignments.module.ts';
export { assignToInternship, tasksFollowSupervisor } from './assignments.service.ts';
