/** CMS pages (issue #15): `/content`, `/content/pages/add`, `/content/pages/{id}`, `…/{id}/edit`. */
export { PageList as list } from './page-list.tsx';
export { PageCreate as create } from './page-create.tsx';
export { PageShow as show } from './page-show.tsx';
export { PageEdit as edit } from './page-edit.tsx';
