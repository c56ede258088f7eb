import { sql } from 'kysely';
import type { TConfig } from '../config/config.ts';
import { createDb, createPool, dbUrls } from '../db/database.ts';
import {
  listDeadLetters,
  replayDeadLetters,
  type TDeadLetterFilter,
  type TDeadLetterRow,
} from '../outbox/dead-letters.ts';
import { temporalClientFor } from '../temporal/temporal-client.ts';
import type { TServiceDeps, TServiceModule } from '../service.ts';

export interface TReplayArgs {
  /** Only list (pending ones; with `all` also replayed ones). */
  list: boolean;
  all: boolean;
  service?: string;
  group?: string;
  /** Dead-letter row ids or event ids. */
  ids: string[];
}

export const REPLAY_USAGE = `npm run events:replay -- [--list [--all]] [--service <name>] [--group <consumer group>] [--id <id>]…
  Without --list: runs each pending dead letter's consumer again (after its cause was fixed) and marks
  the ones that now succeed as replayed. --id takes a dead-letter id or an event id and may repeat.
  Connects to DATABASE_URL, or to the embedded PostgreSQL of \`npm start\`.`;

export function parseReplayArgs(argv: readonly string[]): TReplayArgs {
  const args: TReplayArgs = { list: false, all: false, ids: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v) throw new Error(`${a} needs a value\n${REPLAY_USAGE}`);
      return v;
    };
    if (a === '--list') args.list = true;
    else if (a === '--all') args.all = true;
    else if (a === '--service') args.service = value();
    else if (a === '--group') args.group = value();
    else if (a === '--id') args.ids.push(value());
    else throw new Error(`unknown argument ${a}\n${REPLAY_USAGE}`);
  }
  return args;
}

const line = (schema: string, l: TDeadLetterRow) =>
  `${schema} #${l.id} ${l.consumer} ${l.event_type ?? '?'} ${l.event_id} tenant=${l.tenant_id} attempts=${l.attempts}` +
  `${l.replayed_at ? ` replayed=${l.replayed_at.toISOString()}` : ''} — ${l.replay_error ?? l.reason}`;

/**
 * The dead-letter command (docs/decisions/events.md): lists or replays the dead letters of every
 * service that has consumers, the same way in both profiles. Replaying runs the group's own handler
 * in this process against the service's schema (as the app role, under the event's tenant); the
 * relay role lists and marks the rows. Returns counts; `failed > 0` means some stay dead.
 */
export async function runReplayCommand<TCfg extends TConfig>(
  ownerUrl: string,
  config: TCfg,
  services: readonly TServiceModule<TCfg>[],
  args: TReplayArgs,
  print: (line: string) => void = console.log,
): Promise<{ listed: number; replayed: number; failed: number }> {
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  const app = createDb<unknown>(createPool(urls.app, 4));
  const relay = createDb<unknown>(createPool(urls.relay, 2));
  const deps: TServiceDeps<TCfg> = { config, db: app, temporal: temporalClientFor(config) };
  const totals = { listed: 0, replayed: 0, failed: 0 };
  try {
    for (const service of services) {
      if (args.service && service.name !== args.service) continue;
      const consumers = service.consumers?.(deps) ?? [];
      if (consumers.length === 0) continue;
      const { rows } = await sql<{
        table: string | null;
      }>`select to_regclass(${`${service.schema}.dead_letters`})::text as table`.execute(relay);
      if (!rows[0]?.table) continue;
      const filter: TDeadLetterFilter = { consumer: args.group, ids: args.ids, all: args.all };
      if (args.list) {
        for (const letter of await listDeadLetters(relay, service.schema, filter)) {
          totals.listed++;
          print(line(service.schema, letter));
        }
        continue;
      }
      const result = await replayDeadLetters(relay, service.schema, consumers, filter);
      for (const letter of result.replayed) print(`replayed ${line(service.schema, letter)}`);
      for (const { letter, error } of result.failed)
        print(`still failing ${line(service.schema, { ...letter, replay_error: error })}`);
      totals.replayed += result.replayed.length;
      totals.failed += result.failed.length;
    }
  } finally {
    await Promise.all([app.destroy(), relay.destroy(), deps.temporal.close()]);
  }
  print(
    args.list
      ? `${totals.listed} dead letter(s)`
      : `${totals.replayed} replayed, ${totals.failed} still failing`,
  );
  return totals;
}
