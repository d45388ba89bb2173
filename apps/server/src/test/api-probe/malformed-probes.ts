import type { LightMyRequestResponse } from 'fastify';
import type { ApiOperation, JsonSchema } from './api-operations';
import { injectOf, validInput, type Probe, type ProbeInput } from './probe-runner';
import { callerFor, type ProbeWorld } from './probe-world';
import {
  chosenBranch,
  exampleOf,
  fieldsOf,
  malformedValuesFor,
  nestedArrays,
  nestedObjects,
  TEN_MB,
  withFieldAt,
  valueAt,
  type MalformedValue,
} from './schema-values';

/**
 * Malformed requests generated from an operation's schema: every path parameter, query value and
 * body field in turn gets NUL, huge text, a wrong type or a bad uuid while the rest of the request
 * stays valid, so each reaches the rule (or the crash) it aims at. The operation's intended caller
 * sends them (`callerFor`), so they get past sign-in.
 */

/** Unstorable text must be refused as a field error of exactly that field. */
function refusedAs(message: string, field: string): Probe['check'] {
  return (response: LightMyRequestResponse) => {
    if (response.statusCode !== 400) return `expected 400 ${message} for ${field}`;
    const errors = (
      response.json() as { error?: { validationErrors?: { field: string; message: string }[] } }
    ).error?.validationErrors;
    const named = errors?.some((error) => error.field === field && error.message === message);
    return named ? undefined : `no ${message} error for ${field}`;
  };
}

/** The check of a malformed value, where its answer is certain; else only "not 5xx". */
function checkOf(label: string, field: string): Probe['check'] {
  if (label === 'nul') return refusedAs('validation.noNullCharacter', field);
  return undefined;
}

/** In a JSON body an unpaired surrogate arrives as itself (in a URL it cannot), and is refused. */
function bodyCheckOf(label: string, field: string): Probe['check'] {
  return label === 'lone-surrogate' ? refusedAs('validation.invalid', field) : checkOf(label, field);
}

const status =
  (expected: number): Probe['check'] =>
  (response) =>
    response.statusCode === expected ? undefined : `expected ${expected}`;

/**
 * The longest query value worth sending: Node refuses a request head over 16 KiB with 431 before
 * the app sees it, and inject() skips that parser, so a longer one would be a request no client
 * can make (bodies get their 1 MB and 10 MB texts).
 */
const LONG_QUERY_VALUE = 8 * 1024;

/** Texts a path parameter or query value gets; query strings carry text only. */
function textValuesFor(schema: JsonSchema, where: 'path' | 'query', example: string): MalformedValue[] {
  const branch = chosenBranch(schema);
  const values: MalformedValue[] = [
    { label: 'nul', value: 'a\u0000b' },
    { label: 'lone-surrogate', value: 'a\ud800b' },
    // The router refuses path parameters over 100 characters, so a path gets a merely long one.
    where === 'path'
      ? { label: 'long', value: 'x'.repeat(300) }
      : { label: '8KB', value: 'x'.repeat(LONG_QUERY_VALUE) },
  ];
  if (where === 'query' && branch.type === 'string' && branch.maxLength === undefined && example) {
    const repeated = example.repeat(Math.ceil(LONG_QUERY_VALUE / example.length));
    values.push({ label: 'long-valid', value: repeated.slice(0, LONG_QUERY_VALUE) });
  }
  if (branch.format === 'uuid' || where === 'path') {
    values.push({ label: 'bad-uuid', value: 'not-a-uuid' }, { label: 'number', value: '12345' });
  }
  if (branch.type === 'integer' || branch.type === 'number') {
    values.push(
      { label: 'text', value: 'seven' },
      { label: 'huge', value: '1e308' },
      { label: 'negative', value: '-1' },
      { label: 'int4-overflow', value: '2147483648' },
      { label: 'max-safe', value: String(Number.MAX_SAFE_INTEGER) },
    );
  }
  if (branch.format === 'date-time') {
    values.push(
      { label: 'year-zero', value: '0000-01-01T00:00:00Z' },
      { label: 'year-9999', value: '9999-12-31T23:59:59Z' },
    );
  }
  if (branch.type === 'boolean') values.push({ label: 'text', value: 'yes' });
  if (branch.enum) values.push({ label: 'not-in-enum', value: 'bogus' });
  // The same name twice is an array where one value is expected.
  if (where === 'query') values.push({ label: 'repeated', value: ['a', 'b'] });
  return values;
}

function probe(
  world: ProbeWorld,
  operation: ApiOperation,
  input: string,
  sent: ProbeInput,
  check?: Probe['check'],
): Probe {
  const caller = callerFor(world, operation);
  return { operation, caller, input, request: injectOf(operation, sent, caller), check };
}

/** Malformed path parameters and query values of one operation. */
export function malformedParameterProbes(world: ProbeWorld, operation: ApiOperation): Probe[] {
  const valid = validInput(operation, world.ids);
  const probes: Probe[] = [];
  for (const { name, schema } of operation.pathParameters) {
    for (const { label, value } of textValuesFor(schema, 'path', valid.path[name] ?? '')) {
      const sent = { ...valid, path: { ...valid.path, [name]: String(value) } };
      probes.push(probe(world, operation, `path.${name}=${label}`, sent, checkOf(label, name)));
    }
  }
  for (const { name, schema } of operation.queryParameters) {
    const example = String(exampleOf(schema, name, world.ids.forField));
    for (const { label, value } of textValuesFor(schema, 'query', example)) {
      const sent = { ...valid, query: { ...valid.query, [name]: value as string | string[] } };
      probes.push(probe(world, operation, `query.${name}=${label}`, sent, checkOf(label, name)));
    }
  }
  return probes;
}

/** Malformed body fields of one operation, and malformed bodies as a whole. */
export function malformedBodyProbes(world: ProbeWorld, operation: ApiOperation): Probe[] {
  if (!operation.body) return [];
  const valid = validInput(operation, world.ids);
  const probes: Probe[] = [];
  for (const field of fieldsOf(operation.body)) {
    const name = field.path.join('.');
    for (const { label, value } of malformedValuesFor(field.schema, valueAt(valid.body, field.path))) {
      const sent = { ...valid, body: withFieldAt(valid.body, field.path, value) };
      probes.push(probe(world, operation, `body.${name}=${label}`, sent, bodyCheckOf(label, name)));
    }
  }
  const whole: [string, Partial<ProbeInput>, Probe['check']?][] = [
    ['10MB', { raw: JSON.stringify({ ...(valid.body as object), probe: 'x'.repeat(TEN_MB) }) }, status(413)],
    ['deep-arrays', { body: nestedArrays(10_000) }],
    ['deep-objects', { body: nestedObjects(10_000) }],
    ['text', { body: 'just text' }],
    ['array', { body: [valid.body] }],
    ['nul-key', { body: { ...(valid.body as object), 'a\u0000': 1 } }, checkOf('nul', 'a\\0')],
    ['broken-json', { raw: '{"a": [1, ' }, status(400)],
  ];
  for (const [label, sent, check] of whole) {
    probes.push(probe(world, operation, `body=${label}`, { ...valid, body: undefined, ...sent }, check));
  }
  return probes;
}
