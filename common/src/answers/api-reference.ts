import { z } from 'zod';

/** GET /api/openapi.json: an OpenAPI 3.1 document; its parts are OpenAPI's own, described there, not here. */
export const openApiAnswer = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});
