// Types for build-ui.mjs (plain JavaScript), so test-images.ts and the images' tests can import it.

/** The front ends build-ui.mjs builds, and the inputs they share besides their own folders. */
export declare const APPS: readonly string[];
export declare const SHARED_INPUTS: readonly string[];
/** Builds each front end whose inputs changed; `log`: a file descriptor for Vite's output. */
export declare function buildUi(options?: { force?: boolean; log?: number }): Promise<void>;
