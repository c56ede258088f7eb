/**
 * Forms (issue #18): `/content/forms` lists them. Adding, showing and editing are the portal's form
 * builder (`/form_builder…`, docs/decisions/form-screens.md); the list links there.
 */
export { FormsList as list } from './forms-list.tsx';
