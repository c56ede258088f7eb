// Types for user-cache.mjs (plain JavaScript), so TypeScript scripts (infra/scripts/test-images.ts) can import it.
export declare const USER_CACHE_DIR: string;
