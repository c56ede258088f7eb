// Types for versitygw.mjs (plain JavaScript), so TypeScript tests and scripts can import it.

export declare const REPO_ROOT: string;
/** The VersityGW release that is built (e.g. 'v1.8.0'); VERSITYGW_VERSION overrides it. */
export declare const VERSITYGW_VERSION: string;
/** <repo>/.data/versitygw */
export declare const DEFAULT_DIR: string;
/** '/health': answers 200 once the gateway serves. */
export declare const HEALTH_PATH: string;

export type TVersityGwLog = (message: string) => void;

export interface TStartVersityGwOptions {
  /** Port on 127.0.0.1. */
  port: number;
  /** Top folder: every bucket is a folder in it, every object a file (created if missing). */
  dir?: string;
  /** The root account's keys; random when not given. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The region requests are signed for; default 'us-east-1'. */
  region?: string;
  log?: TVersityGwLog;
  /** Default 30 000 ms. */
  readyTimeoutMs?: number;
  /** Linux: the server gets SIGTERM when this process dies without stop(); default true. */
  dieWithParent?: boolean;
}

export interface TVersityGw {
  /** 'http://127.0.0.1:<port>' */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  dir: string;
  pid?: number;
  /** The server's output (<dir>.<port>.log beside the folder). */
  logFile: string;
  /** SIGTERM, SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export declare function versityGwBinaryPath(version?: string): string;
export declare function ensureVersityGw(options?: {
  log?: TVersityGwLog;
  version?: string;
}): Promise<{ binary: string; version: string }>;
export declare function startVersityGw(options: TStartVersityGwOptions): Promise<TVersityGw>;
