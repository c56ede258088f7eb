import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';

/**
 * Organizations' own configuration keys; the kit's keys come with every process. Parsed once at boot
 * by whoever runs organizations or its activities: `loadConfig(ORGANIZATIONS_CONFIG)`.
 */
export const ORGANIZATIONS_CONFIG = {
  /** Valid rows per batch of a student import (one identity call and one transaction each). */
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(500),
  /**
   * Host names a school's Magister connection may point at, comma-separated; `.magister.net` admits
   * every `<school>.magister.net` (docs/decisions/workflows.md "Roster sources"). Tests name their local stand-in.
   */
  MAGISTER_HOSTS: z.string().default('.magister.net'),
};

export type TOrganizationsConfig = TConfigOf<typeof ORGANIZATIONS_CONFIG>;
