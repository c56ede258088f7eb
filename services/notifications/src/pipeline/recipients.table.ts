/**
 * The read models that name recipients (migration 20270216T0910-feed), kept by the feed consumer from
 * placements' internship events and organizations' mentorship events.
 */
export interface TInternshipsTable {
  id: string;
  tenant_id: string;
  student_id: string;
  school_id: string;
  organization_id: string | null;
  contact_person_id: string | null;
  title: string;
  organization_name: string | null;
  status: string;
  updated_at: Date;
}

export interface TMentorshipsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  mentor_id: string;
  student_id: string;
}

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.internships': TInternshipsTable;
    'notifications.mentorships': TMentorshipsTable;
  }
}
