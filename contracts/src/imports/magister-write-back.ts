import { z } from 'zod';

/**
 * The write side of a school's Magister as the write-back uses it (docs/decisions/write-back.md): per
 * student (stamnummer) one internship record under Stageplein's internship id, written with `PUT`, so
 * writing it again replaces the same record instead of adding one. The token, hosts, retries and rate
 * limits are the roster interface's (roster.ts, the same client).
 */
export const magisterInternshipPath = (studentNumber: string, internshipId: string) =>
  `/api/leerlingen/${encodeURIComponent(studentNumber)}/stages/${encodeURIComponent(internshipId)}`;

export const ZMagisterInternshipRecord = z.object({
  bedrijf: z.string().nullable(),
  begindatum: z.string().nullable(),
  einddatum: z.string().nullable(),
  urenGerealiseerd: z.number().min(0),
  urenVereist: z.number().min(0).nullable(),
  /** The evaluation's grade (1–10); null when none was scored. */
  beoordeling: z.number().min(1).max(10).nullable(),
});
export type TMagisterInternshipRecord = z.infer<typeof ZMagisterInternshipRecord>;
