/** A mentor an import's roster names (Magister's class mentors): where their account comes from. */
export interface TImportMentorsTable {
  import_id: string;
  tenant_id: string;
  /** Lower-case. */
  email: string;
  name: string;
}

/** The account a school's roster mentor resolved to (identity's user with the mentor role there). */
export interface TRosterMentorsTable {
  tenant_id: string;
  school_id: string;
  email: string;
  mentor_id: string;
  created_at: Date;
}
