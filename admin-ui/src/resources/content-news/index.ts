/** CMS news (issue #15): `/content/news`, `/content/news/add`, `/content/news/{id}/edit`. */
export { NewsList as list } from './news-list.tsx';
export { NewsCreate as create } from './news-create.tsx';
export { NewsEdit as edit } from './news-edit.tsx';
