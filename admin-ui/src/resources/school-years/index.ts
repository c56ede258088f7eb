/** School years of the tenant, read only (GET /api/v1/school_years; issue #8 "school years (read)"). */
export { SchoolYearList as list } from './school-year-list.tsx';
