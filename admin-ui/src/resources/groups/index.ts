/** Groups (classes) of the selected School: list, show, add, edit (spec §2 /groups…). */
export { GroupList as list } from './group-list.tsx';
export { GroupShow as show } from './group-show.tsx';
export { GroupCreate as create } from './group-create.tsx';
export { GroupEdit as edit } from './group-edit.tsx';
