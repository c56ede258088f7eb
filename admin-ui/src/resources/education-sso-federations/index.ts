/**
 * The tenant's registration at the education federation (Kennisnet/Entree; issue #36 item 1): one record,
 * the tenant's, shown and edited by its platform operators. Nothing to create: saving the record sets it.
 */
export { EducationSsoFederationList as list } from './education-sso-federation-list.tsx';
export { EducationSsoFederationEdit as edit } from './education-sso-federation-edit.tsx';
