/** Levels of the selected School (spec §2 /levels): one page with list, add, rename, delete. */
export { LevelList as list } from './level-list.tsx';
