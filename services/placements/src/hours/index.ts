// The hours group's public entry (docs/decisions/placements.md "Groups").
export { hoursGroup } from './hours.module.ts';
export {
  acceptsHours,
  findHoursInternship,
  linkedInternship,
  reachInternship,
  relationTo,
  type THoursInternship,
} from './hours-internship.ts';
export { remindTenantHours } from './hours-reminders/hours-reminders.service.ts';
