import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedMetrics } from '../../app';
import { buildTestApp, TEST_METRICS_TOKEN, type TestApp } from '../../test/build-test-app';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { startMetricsListener, type MetricsListener } from '../../platform/metrics/metrics-listener';
import { createGatewayMetrics } from '../gateways/gateway-metrics';

describe('GET /metrics on the main port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers the counters only to a scraper with METRICS_TOKEN', async () => {
    // A request without a device identifier: the app's OsmAnd gateway counts it as bad input.
    const bad = await t.app.inject({ method: 'GET', url: '/api/gateway/osmand?lat=1&lon=2' });
    expect(bad.statusCode).toBe(400);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toMatch(/^homeward_gateway_bad_frames_total\{protocol="osmand"\} 1$/m);

    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TEST_METRICS_TOKEN}x`,
      TEST_METRICS_TOKEN,
    ]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('homeward_');
    }
  });

  it('is not served on the main port at all without a token configured', async () => {
    const open = await buildTestApp({ metricsToken: undefined });
    try {
      const response = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('homeward_');
    } finally {
      await open.close();
    }
  });
});

describe('the internal metrics listener', () => {
  let listener: MetricsListener;
  const registry = new MetricsRegistry();
  beforeAll(async () => {
    listener = await startMetricsListener('127.0.0.1', 0, servedMetrics(registry));
  });
  afterAll(() => listener?.close());

  it('serves the counters without a token, on loopback, and nothing else', async () => {
    createGatewayMetrics(registry).badFrame('osmand');
    const metrics = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^homeward_gateway_bad_frames_total\{protocol="osmand"\} 1$/m);
    const other = await fetch(`http://127.0.0.1:${listener.port}/api/health`);
    expect(other.status).toBe(404);
  });
});
