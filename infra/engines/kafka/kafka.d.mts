// Types for kafka.mjs (plain JavaScript), so TypeScript tests and scripts can import it.

export declare const REPO_ROOT: string;
export declare const KAFKA_VERSION: string;
export declare const DEFAULT_PORT: number;
export declare const DEFAULT_CONTROLLER_PORT: number;
export declare const DEFAULT_DATA_DIR: string;

export type TKafkaLog = (message: string) => void;

export interface TKafkaPaths {
  version: string;
  repoRoot: string;
  pom: string;
  /** Maven's local repository (.cache/m2). */
  mavenRepo: string;
  /** .cache/kafka/<version> */
  home: string;
  /** .cache/kafka/<version>/libs: the broker's jars. */
  libsDir: string;
  /** Written when provisioning completed. */
  marker: string;
  /** `<libsDir>/*`, for java -cp. */
  classpath: string;
}

export interface TKafkaInstall {
  version: string;
  home: string;
  libsDir: string;
  classpath: string;
  mavenRepo: string;
  /** The java binary that will run the broker. */
  java: string;
  jars: number;
  bytes: number;
  /** True when this call fetched the jars; false when they were already there. */
  provisioned: boolean;
  seconds?: number;
}

export interface TStartKafkaOptions {
  /** Broker (PLAINTEXT) port on 127.0.0.1; default 19092. */
  port?: number;
  /** KRaft controller port on 127.0.0.1; default 19093. */
  controllerPort?: number;
  /** Config, cluster id, data and broker.log; default <repo>/.data/kafka-test. */
  dataDir?: string;
  log?: TKafkaLog;
  /** JVM -Xmx; default '512m'. */
  heap?: string;
  /** How long to wait for the broker to answer; default 120 000 ms. */
  startTimeoutMs?: number;
  /** Reuse a broker already answering on the port (default true); false makes that an error. */
  reuse?: boolean;
  /** The broker gets SIGTERM when this process dies without stop() (Linux, via setpriv); default true. */
  dieWithParent?: boolean;
}

export interface TStopKafkaOptions {
  /** 'SIGTERM' (graceful, default) or 'SIGKILL' (a crash). */
  signal?: NodeJS.Signals;
  /** SIGKILL after this long; default 30 000 ms. */
  timeoutMs?: number;
}

export interface TKafkaHandle {
  /** ['127.0.0.1:<port>'] */
  brokers: string[];
  /** True when a broker was already answering on the port: stop() then does nothing. */
  reused: boolean;
  clusterId: string;
  dataDir: string;
  /** The broker's stdout/stderr (log4j), appended across restarts. */
  logFile: string;
  port: number;
  controllerPort?: number;
  /** Seconds the last start took until the broker answered. */
  startSeconds?: number;
  /** The broker JVM's pid, or null while stopped (always null when reused). */
  readonly pid: number | null;
  readonly running: boolean;
  /** Stops the broker and waits for the process to exit. Idempotent. */
  stop(options?: TStopKafkaOptions): Promise<void>;
  /** Starts it again on the same data dir and ports; resolves when it answers. Throws when reused. */
  start(): Promise<void>;
  /** stop(options) then start(). Throws when reused. */
  restart(options?: TStopKafkaOptions): Promise<void>;
}

export interface TKafkaProbe {
  ok: boolean;
  clusterId?: string;
  brokers?: { nodeId: number; host: string; port: number }[];
  topics?: string[];
  error?: Error;
}

export interface TKafkaStatus {
  version: string;
  provisioned: boolean;
  libsDir: string;
  jars: number;
  dataDir: string;
  pid: number | null;
  brokers: string[];
  answering: boolean;
  clusterId: string | null;
  topics: string[];
}

export declare function kafkaPaths(version?: string): TKafkaPaths;
export declare function ensureKafka(options?: { log?: TKafkaLog; version?: string }): Promise<TKafkaInstall>;
export declare function startKafka(options?: TStartKafkaOptions): Promise<TKafkaHandle>;
export declare function probeKafka(options?: { port?: number; timeoutMs?: number }): Promise<TKafkaProbe>;
export declare function stopKafkaBroker(
  options?: { dataDir?: string; log?: TKafkaLog } & TStopKafkaOptions,
): Promise<number | null>;
export declare function kafkaStatus(options?: { port?: number; dataDir?: string }): Promise<TKafkaStatus>;
