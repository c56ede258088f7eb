/** Users of the selected organization: list, show, invite (add), edit and add role (spec §2 /users…). */
export { UserList as list } from './user-list.tsx';
export { UserShow as show } from './user-show.tsx';
export { UserCreate as create } from './user-create.tsx';
export { UserEdit as edit } from './user-edit.tsx';
export { UserAddRole as addRole } from './user-add-role.tsx';
