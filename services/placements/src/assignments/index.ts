// The assignments group's public entry (docs/decisions/placements.md "Groups").
export { assignmentsGroup } from './assignments.module.ts';
export { tasksFollowSupervisor } from './assignments.service.ts';
