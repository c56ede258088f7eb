/** Internship periods of the selected School: list, add, edit, archive (spec §2 /internship_periods…). */
export { InternshipPeriodList as list } from './internship-period-list.tsx';
export { InternshipPeriodCreate as create } from './internship-period-create.tsx';
export { InternshipPeriodEdit as edit } from './internship-period-edit.tsx';
