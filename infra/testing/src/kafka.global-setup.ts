import { existsSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startKafka, type TKafkaHandle } from '@stageplein/engines/kafka';
import { freePort } from './processes.ts';
import type {} from './kafka.ts';

const RUNS = path.join(REPO_ROOT, '.data/throwaway-kafka');

let broker: TKafkaHandle | undefined;
let dataDir: string | undefined;
let control: http.Server | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * ONE real Kafka broker for the whole integration run (infra/engines/kafka: jars from Maven Central, provisioned
 * once per machine; KRaft broker+controller on loopback), on free ports with its own throwaway data dir,
 * so concurrent runs never share or stop each other's broker (like the PostgreSQL cluster).
 * TEST_KAFKA_BROKERS (environment or Vitest env) reuses a broker that is already running instead; fault
 * tests then start a private broker of their own, since that one is not theirs to stop. Tests get the address
 * through `inject('kafkaBrokers')` and isolate themselves with their own topic namespace. Fault tests
 * stop and start the broker through a loopback control endpoint: the handle lives in this process.
 */
export async function setup(project: TestProject): Promise<void> {
  // e.g. `node infra/engines/kafka/kafka.mjs start` in another terminal, then TEST_KAFKA_BROKERS=127.0.0.1:19092 npm test
  const external = project.config.env?.TEST_KAFKA_BROKERS ?? process.env.TEST_KAFKA_BROKERS;
  if (external) {
    project.provide('kafkaBrokers', external);
    project.provide('kafkaControlUrl', '');
    return;
  }
  if (existsSync(RUNS)) {
    for (const name of readdirSync(RUNS)) {
      if (!alive(Number(name.split('-')[0]))) rmSync(path.join(RUNS, name), { recursive: true, force: true });
    }
  }
  dataDir = path.join(RUNS, `${process.pid}-${project.name}`);
  broker = await startKafka({
    port: await freePort(),
    controllerPort: await freePort(),
    dataDir,
    reuse: false,
    log: (m) => console.log(`[kafka] ${m}`),
  });
  project.provide('kafkaBrokers', broker.brokers.join(','));
  const handle = broker;
  control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const act = async () => {
      if (req.method !== 'POST') return 405;
      if (url.pathname === '/stop')
        await handle.stop({ signal: url.searchParams.get('signal') === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM' });
      else if (url.pathname === '/start') await handle.start();
      else return 404;
      return 200;
    };
    act().then(
      (status) =>
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ running: handle.running })),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control!.listen(0, '127.0.0.1', resolve));
  project.provide('kafkaControlUrl', `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
}

export async function teardown(): Promise<void> {
  await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)));
  await broker?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
