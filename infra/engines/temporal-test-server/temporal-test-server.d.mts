// Types for temporal-test-server.mjs (plain JavaScript), so TypeScript tests and scripts can import it.

/** The Temporal Java SDK release whose test server is used (e.g. '1.31.0'). */
export declare const TEMPORAL_TEST_SERVER_VERSION: string;

export interface TTemporalTestServerPaths {
  version: string;
  home: string;
  libsDir: string;
  /** The launcher `TestWorkflowEnvironment.createTimeSkipping` gets as an existing path. */
  executable: string;
  marker: string;
  mavenRepo: string;
}

export declare function temporalTestServerPaths(version?: string): TTemporalTestServerPaths;

export declare function ensureTemporalTestServer(options?: {
  log?: (message: string) => void;
  version?: string;
}): Promise<{ executable: string; version: string; libsDir: string; provisioned: boolean }>;
