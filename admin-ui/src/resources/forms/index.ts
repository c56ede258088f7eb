/**
 * Forms (issue #18): `/content/forms` lists them, `/content/forms/{id}` shows one (versions and
 * submission counts). Adding, editing, publishing and reading submissions are the portal's form
 * builder (`/form_builder…`, docs/decisions/form-screens.md), which both link to.
 */
export { FormsList as list } from './forms-list.tsx';
export { FormShow as show } from './forms-show.tsx';
