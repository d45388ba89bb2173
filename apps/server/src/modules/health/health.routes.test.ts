import { zHealthResponse } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('reports the database and MQTT up, with the kinds this run uses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = zHealthResponse.parse(response.json());
    expect(body.status).toBe('up');
    expect(body.database).toEqual({ status: 'up', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(body.mqtt).toMatchObject({ status: 'up', kind: process.env.MQTT_URL ? 'external' : 'embedded' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
