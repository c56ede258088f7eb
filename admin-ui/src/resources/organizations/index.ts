/** Organizations: list, show with profile, add, edit, and the approval queue (spec §2 /organizations…). */
export { OrganizationList as list } from './organization-list.tsx';
export { OrganizationShow as show } from './organization-show.tsx';
export { OrganizationCreate as create } from './organization-create.tsx';
export { OrganizationEdit as edit } from './organization-edit.tsx';
export { OrganizationApprove as approve } from './organization-approve.tsx';
