// Shapes every API module shares: errors, ids, keyset pages.
import { z } from 'zod';

export const errorResponseSchema = z
  .object({
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The error answers most routes can give, for their response schemas. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

/** Unix seconds, as every timestamp in the API. */
export const unixSecondsSchema = z.number().int();

export const pageQuerySchema = z.object({
  start_after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), next_start_after: idSchema.nullable() });
}
