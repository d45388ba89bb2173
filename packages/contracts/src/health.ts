import { z } from 'zod';

export const COMPONENT_STATES = ['up', 'down', 'degraded'] as const;

export const zComponentHealth = z.object({
  status: z.enum(COMPONENT_STATES),
  /** Which part serves it, such as `pglite`, `postgres`, `embedded` or `external`. */
  kind: z.string(),
  detail: z.string().optional(),
});

/** `GET /api/health`: 200 when every required part is up, 503 otherwise. */
export const zHealthResponse = z.object({
  status: z.enum(COMPONENT_STATES),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: zComponentHealth,
  mqtt: zComponentHealth,
});
export type HealthResponse = z.infer<typeof zHealthResponse>;
