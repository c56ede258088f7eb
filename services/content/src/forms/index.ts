// The forms group's public entry (docs/decisions/content.md "Groups"): its module object, and the
// clean-up the scheduled workflow runs (activities.ts).
export { formsGroup } from './forms.module.ts';
export { removeUnusedFormFiles } from './form-files/form-files.service.ts';
