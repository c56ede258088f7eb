import { z } from 'zod';
import { zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';

/**
 * Roster sources of the student import (docs/decisions/workflows.md "Roster sources"): a CSV upload or a school's
 * Magister connection. Both yield the same rows (student-import.ts); Magister holds the whole school,
 * so its imports also report the students who left.
 */
export const ROSTER_SOURCES = ['csv', 'magister'] as const;
export type TRosterSource = (typeof ROSTER_SOURCES)[number];

/** `imports.kind` per source. */
export const IMPORT_KIND_OF_SOURCE: Readonly<Record<TRosterSource, string>> = {
  csv: 'students_csv',
  magister: 'students_magister',
};

/**
 * Magister's roster interface as the adapter reads it (docs/decisions/workflows.md "Roster sources"): an OAuth 2
 * client-credentials token, then paged JSON lists (`skip`/`top`, `totalCount`).
 */
export const MAGISTER_PATHS = {
  token: '/connect/token',
  students: '/api/leerlingen',
  classes: '/api/klassen',
} as const;
/** Items per page the adapter asks for (Magister's maximum). */
export const MAGISTER_PAGE_SIZE = 500;
export const MAGISTER_SCOPE = 'stageplein.roster';

export const ZMagisterToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const ZMagisterStudent = z.object({
  stamnummer: z.string(),
  roepnaam: z.string(),
  tussenvoegsel: z.string().nullish(),
  achternaam: z.string(),
  emailadres: z.string().nullish(),
  /** Class code, e.g. `3A`. */
  klas: z.string().nullish(),
  /** The study (level), e.g. `havo`. */
  studie: z.string().nullish(),
});
export type TMagisterStudent = z.infer<typeof ZMagisterStudent>;

export const ZMagisterClass = z.object({
  code: z.string(),
  studie: z.string().nullish(),
  mentoren: z.array(z.object({ code: z.string(), naam: z.string(), emailadres: z.string().nullish() })),
});
export type TMagisterClass = z.infer<typeof ZMagisterClass>;

export const zMagisterPage = <T extends z.ZodType>(item: T) =>
  z.object({ totalCount: z.number().int().min(0), items: z.array(item) });

/** A school's Magister connection as an admin sets it; the secret is write-only. */
export const ZMagisterConnectionInput = z.object({
  base_url: z.url({ protocol: /^https?$/ }).max(500),
  client_id: z.string().trim().min(1).max(200),
  /** Required the first time; absent keeps the stored one. */
  client_secret: z.string().min(1).max(1000).optional(),
  /** Synchronise every night (a Temporal schedule per school). */
  nightly: z.boolean().default(true),
});
export type TMagisterConnectionInput = z.input<typeof ZMagisterConnectionInput>;

export const ZMagisterConnectionAttributes = z.object({
  school_id: z.string(),
  base_url: z.string(),
  client_id: z.string(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  has_secret: z.boolean(),
  nightly: z.boolean(),
  updated_at: z.string(),
});
export const ZMagisterConnectionResource = zResourceOf('magister_connection', ZMagisterConnectionAttributes);
export const ZMagisterConnectionDocument = zDocumentOf(ZMagisterConnectionResource);
/**
 * `GET /imports/magister/connection` answers `data: null` while the school has none: not having one is
 * an ordinary state the screens ask about (write-back, group import), not a failed request.
 */
export const ZMagisterConnectionOrNullDocument = zDocumentOf(ZMagisterConnectionResource.nullable());

/** The Temporal schedule of a school's nightly sync. */
export const rosterSyncScheduleId = (tenant: string, schoolId: string) =>
  `roster-sync-magister-${tenant}-${schoolId}`;
/** Nightly at 03:30 Dutch time (Europe/Amsterdam), before the compliance sweep. */
export const ROSTER_SYNC_TIME = { hour: 3, minute: 30, second: 0 } as const;
export const ROSTER_SYNC_TIMEZONE = 'Europe/Amsterdam';

/**
 * The group import's preview (`/import_groups`): the classes a roster names, with their level, how many
 * students each has and whether the school has it already. Confirming runs the student import with
 * `create_missing_groups` (the one way groups are created from a roster: docs/decisions/workflows.md).
 */
export const ZGroupPreviewAttributes = z.object({
  source: z.enum(ROSTER_SOURCES),
  students: z.number().int(),
  /** Rows the import would refuse (missing fields, duplicates). */
  invalid: z.number().int(),
  groups: z.array(
    z.object({ name: z.string(), level: z.string(), students: z.number().int(), exists: z.boolean() }),
  ),
});
export type TGroupPreviewAttributes = z.infer<typeof ZGroupPreviewAttributes>;
export const ZGroupPreviewDocument = zDocumentOf(zResourceOf('group_preview', ZGroupPreviewAttributes));
