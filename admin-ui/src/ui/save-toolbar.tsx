import { SaveButton, Toolbar } from 'react-admin';

/**
 * Edit forms save only: deleting (where the server allows it) is a confirmed action on the
 * record's page, never react-admin's default undoable delete button under the form.
 */
export const SAVE_ONLY = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
