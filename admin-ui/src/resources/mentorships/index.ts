/** Mentorships at the selected School: list, add, remove (spec §2 /mentorships…). */
export { MentorshipList as list } from './mentorship-list.tsx';
export { MentorshipCreate as create } from './mentorship-create.tsx';
