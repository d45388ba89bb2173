import { BLOB, citizenEndpoints, listEndpoints, zNoContent, type Endpoint } from '@homeward/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './test/build-test-app';

/*
 * The contracts' endpoint table (what the web app's API client calls) against the routes the server
 * really registers: every endpoint exists with its method and path, and declares the same query,
 * body and success response schemas as its route, so what the client parses is what the server
 * serializes. Routes are recorded as they register, through the app's `onRoute` dependency (a hook on the
 * root before any plugin runs).
 */

const registered: RouteOptions[] = [];

type Schemas = { querystring?: unknown; body?: unknown; response?: Record<string, unknown> };

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp({}, { onRoute: (route) => registered.push(route) });
  await test.app.ready();
});

afterAll(() => test.close());

function routeOf(endpoint: Endpoint): RouteOptions | undefined {
  return registered.find(
    (route) =>
      route.url === endpoint.path &&
      (Array.isArray(route.method) ? route.method : [route.method]).includes(endpoint.method),
  );
}

/** The same schema object, or one whose JSON Schema is the same (an inline copy on the route). */
function sameSchema(table: unknown, server: unknown, io: 'input' | 'output'): boolean {
  if (table === server) return true;
  if (!(table instanceof z.ZodType) || !(server instanceof z.ZodType)) return false;
  const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return JSON.stringify(json(table)) === JSON.stringify(json(server));
}

/** What is wrong with an endpoint of the table, or an empty list. */
function mismatchesOf(endpoint: Endpoint): string[] {
  const route = routeOf(endpoint);
  if (!route) return ['no such route'];
  const schema = (route.schema ?? {}) as Schemas;
  const problems: string[] = [];
  const success = Object.entries(schema.response ?? {}).filter(([status]) => status.startsWith('2'));

  if (endpoint.response === BLOB) {
    if (success.length > 0) problems.push('the route answers JSON, not a file');
  } else if (endpoint.response === zNoContent) {
    if (success.some(([status]) => status !== '204' && status !== '202'))
      problems.push('the route answers a body');
  } else if (success.length !== 1 || !sameSchema(endpoint.response, success[0]![1], 'output')) {
    problems.push('another response schema');
  }

  if (endpoint.query || schema.querystring) {
    if (!sameSchema(endpoint.query, schema.querystring, 'input')) problems.push('another query schema');
  }
  // A route validating its body itself (`validatorCompiler`) still declares the schema it documents.
  if (endpoint.body === BLOB) {
    if (schema.body) problems.push('the route takes JSON, not a file');
  } else if (endpoint.body || schema.body) {
    if (!sameSchema(endpoint.body, schema.body, 'input')) problems.push('another body schema');
  }
  return problems;
}

describe('the contracts endpoint table', () => {
  const endpoints = listEndpoints();

  it('names every endpoint once', () => {
    const names = endpoints.map((endpoint) => endpoint.name);
    expect(names.length).toBeGreaterThan(200);
    expect(new Set(names).size).toBe(names.length);
  });

  it('matches the routes the server registers', () => {
    expect(registered.length).toBeGreaterThan(endpoints.length);
    const mismatches = endpoints.flatMap((endpoint) =>
      mismatchesOf(endpoint).map(
        (problem) => `${endpoint.name} (${endpoint.method} ${endpoint.path}): ${problem}`,
      ),
    );
    expect(mismatches).toEqual([]);
  });

  it('notices a wrong path, method or schema', () => {
    const sample = citizenEndpoints.get;
    expect(mismatchesOf(sample)).toEqual([]);
    expect(mismatchesOf({ ...sample, path: `${sample.path}/nowhere` })).toEqual(['no such route']);
    expect(mismatchesOf({ ...sample, method: 'POST' })).toEqual(['no such route']);
    expect(mismatchesOf({ ...sample, response: z.object({ other: z.string() }) })).toEqual([
      'another response schema',
    ]);
    expect(mismatchesOf({ ...sample, query: z.object({ unknown: z.string() }) })).toEqual([
      'another query schema',
    ]);
    expect(mismatchesOf({ ...citizenEndpoints.update, body: undefined })).toEqual(['another body schema']);
  });
});
