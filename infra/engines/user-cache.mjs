// The user's cache directory for engines built or fetched once per machine (Temporal CLI, Go and
// Maven caches, Kafka's jars). Outside the clone, so a fresh clone on the same machine reuses them;
// each engine keys its folder by version. XDG_CACHE_HOME wins; STAGEPLEIN_CACHE_DIR overrides both.
import os from 'node:os';
import path from 'node:path';

export const USER_CACHE_DIR =
  process.env.STAGEPLEIN_CACHE_DIR ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'stageplein');
