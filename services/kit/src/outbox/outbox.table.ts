import { type Generated } from 'kysely';

export interface TOutboxTable {
  seq: Generated<number>;
  id: string;
  tenant_id: string;
  type: string;
  aggregate_id: string;
  envelope: unknown;
  created_at: Generated<Date>;
}

/** The events of `outbox` still to send (kit outbox.v2): the relay deletes a row once the broker has it. */
export interface TOutboxPendingTable {
  seq: number;
  tenant_id: string;
  aggregate_id: string;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface TProcessedEventsTable {
  tenant_id: string;
  consumer: string;
  event_id: string;
  processed_at: Generated<Date>;
}
