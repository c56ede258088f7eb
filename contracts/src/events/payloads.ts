import { z } from 'zod';

/** Payload schema of every event type; consumers validate `data` against it before acting. */
export const EVENT_PAYLOADS = {
  'organizations.school_year.created': z.object({
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
} as const satisfies Record<string, z.ZodType>;

export type TEventType = keyof typeof EVENT_PAYLOADS;
export type TEventPayload<T extends TEventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
