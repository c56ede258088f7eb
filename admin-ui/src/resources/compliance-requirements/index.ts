/** What the selected School or VolunteerCenter requires of organizations, and every organization's state. */
export { ComplianceRequirementList as list } from './compliance-requirement-list.tsx';
export { ComplianceRequirementEdit as edit } from './compliance-requirement-edit.tsx';
