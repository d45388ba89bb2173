import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { operationName, type ApiOperation, type JsonSchema } from './api-operations';
import type { Caller } from './probe-world';
import { exampleOf, jsonTextOf, type IdForField } from './schema-values';
import type { SeededIds } from './seeded-ids';

/** What one request sends, before it is turned into an inject call. */
export interface ProbeInput {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  /** A JSON value, or `{ raw }` for a body that is sent as the text given. */
  body?: unknown;
  raw?: string;
}

/** One request of a generated suite and what its answer must satisfy beyond "not 5xx". */
export interface Probe {
  operation: ApiOperation;
  caller: Caller;
  /** What was sent, for the failure list: `valid`, `body.name=nul`, `query.filter=1MB`. */
  input: string;
  request: InjectOptions;
  /** A reason when the answer is wrong, else undefined. */
  check?(response: LightMyRequestResponse): string | undefined;
}

let requestsGenerated = 0;

/** `{id}`, `{deviceId}` or a uuid: a parameter that names a row (`{language}` does not). */
const isIdParameter = (name: string, schema: JsonSchema) =>
  schema.format === 'uuid' || /(^id|Id)$/.test(name);

/**
 * A request that passes the operation's schema as far as the generator can tell: A's seeded ids
 * where a field or path parameter names a row, schema examples elsewhere. The free-text `sorting`
 * is left out (its valid values are column names, which the schema does not list).
 */
export function validInput(
  operation: ApiOperation,
  ids: SeededIds,
  idFor: IdForField = ids.forField,
): ProbeInput {
  // Counted in the order probes are generated (before any is sent), so every run sends the same.
  const salt = String((requestsGenerated += 1));
  const path = Object.fromEntries(
    operation.pathParameters.map(({ name, schema }) => [
      name,
      (isIdParameter(name, schema) ? ids.forPathParameter(operation, name) : undefined) ??
        String(exampleOf(schema, name, idFor, salt)),
    ]),
  );
  const query = Object.fromEntries(
    operation.queryParameters
      .filter(({ name }) => name !== 'sorting')
      .map(({ name, schema }) => [name, String(exampleOf(schema, name, idFor, salt))]),
  );
  return { path, query, ...(operation.body ? { body: exampleOf(operation.body, '', idFor, salt) } : {}) };
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which has no UTF-8 form, so the standard
 * function throws) is sent as the bytes a careless client would send for it (CESU-8).
 */
function encodeComponent(text: string): string {
  if (!/[\uD800-\uDFFF]/.test(text)) return encodeURIComponent(text);
  return [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** The inject options of an input: path parameters filled in and encoded, the query, JSON body. */
export function injectOf(operation: ApiOperation, input: ProbeInput, caller: Caller): InjectOptions {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeComponent(input.path[name] ?? ''),
  );
  const search = Object.entries(input.query)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (each) => `${encodeComponent(name)}=${encodeComponent(each)}`,
      ),
    )
    .join('&');
  const body = input.raw ?? (input.body === undefined ? undefined : jsonTextOf(input.body));
  return {
    method: operation.method,
    url: search ? `${path}?${search}` : path,
    headers: {
      ...caller.headers,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  } as InjectOptions;
}

/** The start of a body on one line, for failure lists. */
const snippet = (body: string) => body.replace(/\s+/g, ' ').slice(0, 160);

export interface ProbeRun {
  requests: number;
  /** `METHOD path identity/input → status body-snippet`, one line per wrong answer. */
  failures: string[];
  /** How many answers had each status, to see the run reached the services. */
  statuses: Record<number, number>;
}

/**
 * Sends the probes phase by phase (a phase starts when the one before has been answered), at most
 * `concurrency` at a time, and collects every 5xx and every failed check.
 */
export async function runProbes(app: App, phases: Probe[][], concurrency = 8): Promise<ProbeRun> {
  const run: ProbeRun = { requests: 0, failures: [], statuses: {} };
  for (const probes of phases) {
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const response = await app.inject(probe.request);
        run.requests += 1;
        run.statuses[response.statusCode] = (run.statuses[response.statusCode] ?? 0) + 1;
        const reason = response.statusCode >= 500 ? '5xx' : probe.check?.(response);
        if (reason) {
          run.failures.push(
            `${operationName(probe.operation)} ${probe.caller.label}/${probe.input} → ${response.statusCode} ${snippet(response.body)}${reason === '5xx' ? '' : ` (${reason})`}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  run.failures.sort();
  return run;
}

/** One line for the test log: what ran and how it answered. */
export function summaryOf(name: string, operations: number, run: ProbeRun, startedAt: number): string {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const statuses = Object.entries(run.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `${name}: ${operations} operations, ${run.requests} requests in ${seconds} s (${statuses}); ${run.failures.length} failures`;
}

/** Prints a run's summary line in the test output (counts and time, never asserted). */
export function reportRun(summary: string): void {
  process.stdout.write(`${summary}\n`);
}
