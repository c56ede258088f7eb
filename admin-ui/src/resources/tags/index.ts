/** Tags of the selected School (spec §2 /tags): one page with list, add, rename, delete. */
export { TagList as list } from './tag-list.tsx';
