/** Students (users with the student role): /students/{id}/edit and /students/{id}/assign_group. */
export { StudentEdit as edit } from './student-edit.tsx';
export { StudentAssignGroup as assignGroup } from './student-assign-group.tsx';
