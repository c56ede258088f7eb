import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';

/**
 * Placements' own configuration keys (the kit's keys come with every process). Parsed once at boot by
 * whoever runs placements or its activities: `loadConfig(PLACEMENTS_CONFIG)`.
 */
export const PLACEMENTS_CONFIG = {
  /**
   * Hours reminders (docs/decisions/hours.md "Reminders"): days an entry waits unconfirmed before its
   * supervisor is reminded, and the least time between two reminders or two mentor warnings.
   */
  HOURS_REMINDER_DAYS: z.coerce.number().int().min(1).max(365).default(7),
};

export type TPlacementsConfig = TConfigOf<typeof PLACEMENTS_CONFIG>;
export type TPlacementsDeps = TServiceDeps<TPlacementsConfig>;
