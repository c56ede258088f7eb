import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';

/**
 * Placements' own configuration keys (none yet; the kit's keys come with every process). Parsed once at
 * boot by whoever runs placements: `loadConfig(PLACEMENTS_CONFIG)`.
 */
export const PLACEMENTS_CONFIG = {};

export type TPlacementsConfig = TConfigOf<typeof PLACEMENTS_CONFIG>;
export type TPlacementsDeps = TServiceDeps<TPlacementsConfig>;
