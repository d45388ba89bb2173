import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * A request part (body, query, params, headers) failed its zod schema. It keeps the ZodError so the
 * error handler can report field errors with `fieldErrorsOf` from contracts, the same function the
 * web forms use.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  /** Set by fastify to body, querystring, params or headers. */
  validationContext?: string;

  constructor(readonly zodError: z.ZodError) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates with zod like fastify-type-provider-zod's compiler, but hands fastify an Error of our
 * own (fastify passes Error results through unchanged), so the ZodError survives to the handler.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
  };
};
