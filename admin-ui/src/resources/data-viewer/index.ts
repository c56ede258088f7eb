/** The data viewer (issue #16): the internships with all spec §7 includes, filters and a CSV export. */
export { DataViewerList as list } from './data-viewer-list.tsx';
