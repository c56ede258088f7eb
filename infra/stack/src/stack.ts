import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { ensureDatabase, startEmbeddedPostgres } from '@stageplein/kit/runtime/embedded-postgres';
import { prepareDatabase, startPlatform, type TPlatform } from '@stageplein/kit/runtime/platform';
import { runWorker, type TRunningWorker } from '@stageplein/workflows/run-worker';
import { startTemporalDevServer } from '@stageplein/engines/temporal';
import { buildGateway } from '@stageplein/gateway/gateway.app';
import { SERVICES, type TStackConfig } from './services.ts';
import { startDevEntree } from './dev-entree.ts';
import { seedDevMagisterConnections, startDevMagister } from './dev-magister.ts';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { startEmbeddedMail } from './embedded-mail.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface TRunningStack {
  app: FastifyInstance;
  stop(): Promise<void>;
}

/**
 * Starts the whole product in one process (embedded profile when DATABASE_URL is unset): PostgreSQL,
 * migrations, seeds, the mail queue's Redis and SMTP catcher (unless MAIL_SMTP_URL is set), services,
 * relay and gateway. Returns once the gateway is built (not listening).
 */
export async function startStack(
  initialConfig: TStackConfig,
  options: {
    dataDir?: string;
    progress?: (step: string) => void;
    logger?: false;
    now?: () => Date;
    /** Temporal and the workflow worker (default true): the dev server unless TEMPORAL_ADDRESS is set. */
    workflows?: boolean;
    /**
     * Run the local stand-in for the education federation on this port (0: any) when EDUCATION_SSO is
     * unset: `npm start` does (infra/stack/src/dev-entree.ts).
     */
    devEntreePort?: number;
    /**
     * Run the local Magister stand-in on this port (0: any) with a roster per tenant, and give every
     * tenant's School a connection to it: `npm start` does (infra/stack/src/dev-magister.ts).
     */
    devMagisterPort?: number;
  } = {},
): Promise<TRunningStack & { platform: TPlatform<TStackConfig>; ownerUrl: string }> {
  let config = initialConfig;
  const progress = options.progress ?? (() => undefined);
  let stopPostgres = async () => undefined as void;
  let stopTemporal = async () => undefined as void;
  let worker: TRunningWorker | undefined;
  if (options.workflows !== false && !config.TEMPORAL_ADDRESS) {
    // The first run on a machine builds the Temporal CLI from source (~11 min); its progress lines show.
    progress(`starting the Temporal dev server on port ${config.TEMPORAL_DEV_PORT}`);
    const temporal = await startTemporalDevServer({
      port: config.TEMPORAL_DEV_PORT,
      dbFile: path.join(REPO_ROOT, '.data/temporal/dev.sqlite'),
      namespace: config.TEMPORAL_NAMESPACE,
      log: (line) => progress(`temporal: ${line}`),
    });
    stopTemporal = temporal.stop;
    config = { ...config, TEMPORAL_ADDRESS: temporal.address };
  }
  let stopEntree = async () => undefined as void;
  let stopMail = async () => undefined as void;
  if (options.devEntreePort !== undefined && Object.keys(config.EDUCATION_SSO).length === 0) {
    // The local stand-in for the education federation (dev only, like the mailbox), serving every tenant.
    const entree = await startDevEntree({ port: options.devEntreePort });
    progress(`local Kennisnet/Entree stand-in at ${entree.issuer}`);
    stopEntree = entree.stop;
    config = { ...config, EDUCATION_SSO: JSON.parse(entree.configValue) as TStackConfig['EDUCATION_SSO'] };
  }
  let stopMagister = async () => undefined as void;
  let magisterUrl: string | undefined;
  if (options.devMagisterPort !== undefined) {
    // The local stand-in for the schools' Magister (dev only, like the mailbox): one roster per tenant.
    const magister = await startDevMagister(TENANT_IDS, options.devMagisterPort);
    progress(`local Magister stand-in at ${magister.url}`);
    stopMagister = magister.close;
    magisterUrl = magister.url;
    config = { ...config, MAGISTER_HOSTS: `${config.MAGISTER_HOSTS},127.0.0.1` };
  }
  let ownerUrl = config.DATABASE_URL;
  if (!ownerUrl) {
    progress(`starting embedded PostgreSQL on port ${config.EMBEDDED_PG_PORT}`);
    const pg = await startEmbeddedPostgres({
      dataDir: options.dataDir ?? path.join(REPO_ROOT, '.data/postgres'),
      port: config.EMBEDDED_PG_PORT,
    });
    stopPostgres = pg.stop;
    ownerUrl = await ensureDatabase(pg.url, 'stageplein');
  }
  try {
    await prepareDatabase(ownerUrl, config, SERVICES, {
      seed: !config.DATABASE_URL,
      progress,
      now: options.now?.(),
    });
    if (magisterUrl && !config.DATABASE_URL)
      await seedDevMagisterConnections(ownerUrl, {
        url: magisterUrl,
        tenants: TENANT_IDS,
        authSecret: config.AUTH_TOKEN_SECRET,
      });
    if (!config.MAIL_SMTP_URL) {
      // The mail queue's Redis and the SMTP catcher that feeds the development mailbox and MAIL_DIR.
      const mail = await startEmbeddedMail({
        ownerUrl,
        mailDir: config.MAIL_DIR,
        redisUrl: config.MAIL_REDIS_URL,
      });
      stopMail = mail.stop;
      config = { ...config, ...mail.env };
      progress(`mail: Redis at ${mail.env.MAIL_REDIS_URL}, SMTP catcher at ${mail.env.MAIL_SMTP_URL}`);
    }
    const platform = await startPlatform(ownerUrl, config, SERVICES, { now: options.now });
    const app = await buildGateway({
      config: platform.deps.config,
      deps: platform.deps,
      services: SERVICES,
      ui: UI_DIRS,
      logger: options.logger,
    });
    if (options.workflows !== false) {
      // In-process worker: organizations' import use cases on the app role, identity through this app.
      worker = await runWorker({
        config: platform.deps.config,
        db: platform.app,
        app,
        now: options.now,
        schedules: true,
      });
      progress(`workflow worker polling ${config.TEMPORAL_ADDRESS} (namespace ${config.TEMPORAL_NAMESPACE})`);
    }
    return {
      app,
      platform,
      ownerUrl,
      async stop() {
        await worker?.stop();
        await app.close();
        await platform.close();
        await stopMail();
        await stopTemporal();
        await stopPostgres();
        await stopEntree();
        await stopMagister();
      },
    };
  } catch (error) {
    await worker?.stop();
    await stopMail();
    await stopTemporal();
    await stopPostgres();
    await stopEntree();
    await stopMagister();
    throw error;
  }
}
