import { type Generated } from 'kysely';

export interface TOutboxTable {
  seq: Generated<number>;
  id: string;
  tenant_id: string;
  type: string;
  aggregate_id: string;
  envelope: unknown;
  created_at: Generated<Date>;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface TProcessedEventsTable {
  tenant_id: string;
  consumer: string;
  event_id: string;
  processed_at: Generated<Date>;
}
