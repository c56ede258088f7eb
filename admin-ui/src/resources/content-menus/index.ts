/** CMS menus (issue #15): `/content/menu-items`, the menu editor. */
export { MenuEditor as list } from './menu-editor.tsx';
