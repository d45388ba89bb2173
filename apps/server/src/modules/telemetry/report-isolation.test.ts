import type { DeviceReport } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { createTelemetryService } from './telemetry.service';
import { deviceRow, givenDevice, positionsOf, usePipelineTestApp } from './telemetry-test-support';

/**
 * One report's content never fails another's (issue 15: a NUL id beside normal traffic made 55 of
 * 1,001 reports of other watches fail). These reports go to the sink directly, past the adapters'
 * own checks, so the database itself refuses them: in the identifying query (a NUL in an
 * identifier) or inside a tenant's batch transaction (a time no partition holds). Every report
 * is submitted in the same tick, so they share one batch.
 */
let t: TestApp;
let tenantId: string;
usePipelineTestApp((world) => ({ t, tenantId } = world));

const recently = () => new Date(Math.floor(Date.now() / 1000 - 60) * 1000);

const reportOf = (identifier: string, at: Date): DeviceReport => ({
  deviceIdentifier: identifier,
  protocol: 'osmand',
  deviceTime: at.toISOString(),
  receivedAt: new Date().toISOString(),
  kind: 'position',
  position: { lat: 56.15, lon: 10.2, valid: true },
  battery: { percent: 60 },
  cells: [],
  wifis: [],
  alarms: [],
  attributes: {},
});

describe('a batch holding reports the database refuses', () => {
  it('fails only those reports; every other report of the batch is stored and answered', async () => {
    const sink = createTelemetryService({ db: t.database.db });
    const good = await Promise.all(Array.from({ length: 40 }, () => givenDevice(t.database.db, tenantId)));
    const refusedInTransaction = await Promise.all(
      Array.from({ length: 3 }, () => givenDevice(t.database.db, tenantId)),
    );
    // No partition holds 2045 (the gateways' time rule would have replaced it): the insert fails.
    const future = new Date('2045-01-01T00:00:00Z');
    const bad = [
      ...refusedInTransaction.map((watch) => reportOf(watch.imei, future)),
      reportOf(`${good[0]!.imei}\u0000`, recently()),
      reportOf('\u0000', recently()),
    ];
    const reports = good.map((watch) => reportOf(watch.imei, recently()));
    // Bad reports spread among the good ones, so halves of the batch hold good and bad alike.
    const mixed = [...reports];
    bad.forEach((report, index) => mixed.splice(3 + index * 9, 0, report));
    const settled = await Promise.allSettled(mixed.map((report) => sink.handleReport(report)));

    settled.forEach((result, index) => {
      const report = mixed[index]!;
      const isGood = reports.includes(report);
      expect({ id: report.deviceIdentifier, status: result.status }).toEqual({
        id: report.deviceIdentifier,
        status: isGood ? 'fulfilled' : 'rejected',
      });
      if (isGood && result.status === 'fulfilled') expect(result.value.deviceKnown).toBe(true);
    });
    for (const watch of good) expect(await positionsOf(t.database.db, watch.id)).toHaveLength(1);
    for (const watch of refusedInTransaction) {
      expect(await positionsOf(t.database.db, watch.id)).toEqual([]);
      expect((await deviceRow(t.database.db, watch.id)).lastSeenAt).toBeNull();
    }
  });

  it('stores a watch’s next good report after its refused one', async () => {
    const sink = createTelemetryService({ db: t.database.db });
    const watch = await givenDevice(t.database.db, tenantId);
    await expect(sink.handleReport(reportOf(watch.imei, new Date('2045-01-01T00:00:00Z')))).rejects.toThrow();
    await expect(sink.handleReport(reportOf(watch.imei, recently()))).resolves.toMatchObject({
      deviceKnown: true,
    });
    expect(await positionsOf(t.database.db, watch.id)).toHaveLength(1);
  });
});
