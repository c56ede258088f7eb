/** Vacancies (placements): an organization's own for its admins, every one for moderators (hide, unhide). */
export { VacancyList as list } from './vacancy-list.tsx';
export { VacancyShow as show } from './vacancy-show.tsx';
export { VacancyEdit as edit } from './vacancy-edit.tsx';
