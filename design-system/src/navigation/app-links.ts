/**
 * One navigation between the portal and the back office (issue #13). Both are full page loads on
 * the same origin; the selected organization travels in local storage under the same key
 * (`contracts/client/organization-selection.ts`), so it stays selected on the other side.
 */
export const APP_LINKS = Object.freeze({
  /** The back office's home (its own manifest row). */
  backOffice: '/beheer',
  /** Where the back office sends a user back to the portal. */
  portal: '/dashboard',
});
