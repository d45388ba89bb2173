import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './api-operations';
import {
  exampleOf,
  fieldsOf,
  jsonTextOf,
  malformedValuesFor,
  nestedArrays,
  withFieldAt,
} from './schema-values';

/** The generator the API probe suites rest on: valid values that pass, malformed ones that reach. */

const device: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64 },
    imei: { type: 'string', pattern: '^\\d{15}$' },
    organizationId: { type: 'string', format: 'uuid' },
    condition: { nullable: true, type: 'string', enum: ['new', 'used'] },
    battery: { type: 'integer', minimum: 5, maximum: 100 },
    tags: { type: 'array', minItems: 2, items: { type: 'string', maxLength: 3 } },
    geometry: {
      oneOf: [
        { type: 'object', properties: { radius: { type: 'number', minimum: 0, exclusiveMinimum: true } } },
      ],
    },
  },
};

describe('schema values', () => {
  it('makes a value that keeps the schema’s rules and names seeded rows', () => {
    const idFor = (name: string) => (name === 'organizationId' ? 'org-of-a' : undefined);
    expect(exampleOf(device, '', idFor, '7')).toEqual({
      name: 'probe7',
      imei: '356938035643809',
      organizationId: 'org-of-a',
      condition: 'new',
      battery: 5,
      tags: ['en', 'en'],
      geometry: { radius: 0.5 },
    });
  });

  it('lists every field, nested ones by their path', () => {
    expect(fieldsOf(device).map((field) => field.path.join('.'))).toEqual([
      'name',
      'imei',
      'organizationId',
      'condition',
      'battery',
      'tags',
      'tags.0',
      'geometry',
      'geometry.radius',
    ]);
  });

  it('sends 10,000 levels of nesting inside a body as JSON a server can parse', () => {
    const text = jsonTextOf(withFieldAt({ name: 'x', tags: ['a'] }, ['tags', 0], nestedArrays(10_000)));
    let depth = 0;
    for (let at: unknown = JSON.parse(text).tags[0]; Array.isArray(at); at = at[0]) depth += 1;
    expect(depth).toBe(10_000);
  });

  it('gives every text field NUL, 1 MB and a wrong type, and uuids bad ones', () => {
    const labels = malformedValuesFor({ type: 'string', format: 'uuid' }, 'x').map((value) => value.label);
    expect(labels).toEqual(expect.arrayContaining(['nul', '1MB', 'number', 'bad-uuid', 'lone-surrogate']));
  });
});
