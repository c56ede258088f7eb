import type { TInternshipStatus } from './internships.ts';

/**
 * What an internship's status is called, in Dutch and English: the one set both front ends show (the
 * portal's internship, progress, bulk-message and self-found screens; the back office's data viewer).
 * Zod-free, so a front-end chunk takes it without the schemas.
 */
export const INTERNSHIP_STATUS_LABELS = {
  nl: {
    submitted: 'Ingediend',
    applied: 'Gesolliciteerd',
    accepted: 'Geaccepteerd door organisatie',
    approved: 'Goedgekeurd door school',
    active: 'Lopend',
    completed: 'Afgerond',
    declined: 'Afgewezen door organisatie',
    rejected: 'Afgekeurd door school',
    withdrawn: 'Ingetrokken',
    cancelled: 'Geannuleerd',
  },
  en: {
    submitted: 'Submitted',
    applied: 'Applied',
    accepted: 'Accepted by the organization',
    approved: 'Approved by the school',
    active: 'Active',
    completed: 'Completed',
    declined: 'Declined by the organization',
    rejected: 'Rejected by the school',
    withdrawn: 'Withdrawn',
    cancelled: 'Cancelled',
  },
} satisfies Record<'nl' | 'en', Record<TInternshipStatus, string>>;
