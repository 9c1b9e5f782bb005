import { z } from 'zod';

/** One fan-out batch: the alert and the last subscription id the previous batch reached. */
export const alertFanOutPayload = z.object({ alertId: z.number().int().positive(), afterId: z.number().int().min(0) });
