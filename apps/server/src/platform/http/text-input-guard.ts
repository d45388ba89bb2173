import { VALIDATION_KEYS, type ValidationError } from '@homeward/contracts';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { unstorableTextOf } from '../db/storable-text';
import { RequestValidationError } from './request-validation';

/**
 * Text PostgreSQL cannot store, refused before any route runs: a NUL character ("invalid byte
 * sequence for encoding UTF8: 0x00" in `text`, "unsupported Unicode escape sequence" in `jsonb`)
 * and an unpaired UTF-16 surrogate (which JSON allows as `\ud800`; `jsonb` refuses it and UTF-8 has
 * no form for it). Without this guard each reached the database and failed there with a 500.
 */

/**
 * Device gateways read their raw input themselves and answer bad bytes in their protocol's terms
 * (an OsmAnd client gets its 400 text, not our JSON), so the guard leaves them alone.
 */
const RAW_INPUT_PREFIXES = ['/api/gateway/'];

/** The rule a string breaks, or undefined for text that can be stored. */
function brokenRuleOf(text: string): string | undefined {
  const problem = unstorableTextOf(text);
  if (problem === 'nul') return VALIDATION_KEYS.noNullCharacter;
  return problem === 'loneSurrogate' ? VALIDATION_KEYS.invalid : undefined;
}

/** Shows a reported field name (a JSON key) without sending its bad characters back. */
const visibleKey = (key: string) =>
  key.replaceAll('\0', '\\0').replace(/[\uD800-\uDFFF]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);

/** A value met while walking a request, with the way back to the root for naming it. */
interface WalkStep {
  value: unknown;
  key: string;
  parent: WalkStep | undefined;
}

const dottedPathOf = (step: WalkStep): string => {
  const keys: string[] = [];
  for (let at: WalkStep | undefined = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * A field error for every string value and object key in `value` that cannot be stored, named by
 * its dotted path (`''` for a value that is itself such a string). Iterative, with parent links
 * instead of copied paths, so a body nested 10,000 deep neither overflows the stack nor costs
 * quadratic time.
 */
export function unstorableTextFields(value: unknown): ValidationError[] {
  const found: ValidationError[] = [];
  const pending: WalkStep[] = [{ value, key: '', parent: undefined }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      const rule = brokenRuleOf(current);
      if (rule) found.push({ field: dottedPathOf(step), message: rule });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: String(index), parent: step }));
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        const child = { value: item, key: visibleKey(key), parent: step };
        const rule = brokenRuleOf(key);
        if (rule) found.push({ field: dottedPathOf(child), message: rule });
        else pending.push(child);
      }
    }
  }
  return found.sort((a, b) => a.field.localeCompare(b.field));
}

/**
 * Refuses unstorable text in path parameters, query values and body values or keys of every route,
 * with 400 `validation_failed` and a field error per field. One hook before validation covers
 * routes with and without schemas (the `/account` forms too, whose own error handler renders its
 * 400 page). Install on the root before any route registers.
 */
export function installTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url ?? '';
    if (RAW_INPUT_PREFIXES.some((prefix) => route.startsWith(prefix))) return;
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const fields = unstorableTextFields(value);
      if (fields.length === 0) continue;
      const error = new RequestValidationError(
        new ZodError(
          fields.map(({ field, message }) => ({
            code: 'custom' as const,
            path: field === '' ? [] : field.split('.'),
            message,
          })),
        ),
      );
      error.validationContext = context;
      throw error;
    }
  });
}
