import type { Database } from '../../platform/db/database';
import { findReportingDevices, type ReportingDevice } from './telemetry.repository';

/** How long an identifier's device is remembered; a watch reports every minute or so. */
export const DEVICE_CACHE_TTL_MS = 30_000;
/** Entries kept at most; beyond it the cache starts over (simple, and bounded). */
const MAX_ENTRIES = 50_000;

/**
 * Identifier → device, remembered for a short while, so a busy gateway does not look the same
 * watch up on every report (and again for its command queue). Only identities are cached, never
 * state; a device deleted or moved to another tenant meanwhile is noticed by the pipeline (its
 * tenant-scoped update finds no row), which forgets the entry and looks again. Unknown
 * identifiers are not remembered: registering a watch takes effect at once.
 */
export class ReportingDeviceCache {
  private readonly entries = new Map<string, { device: ReportingDevice; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async find(identifier: string): Promise<ReportingDevice | null> {
    const [device] = await this.findMany([identifier]);
    return device ?? null;
  }

  /** `find` for many identifiers, with one query for all those not remembered. */
  async findMany(identifiers: string[]): Promise<(ReportingDevice | null)[]> {
    const now = this.now();
    const missing = [
      ...new Set(identifiers.filter((identifier) => !((this.entries.get(identifier)?.expiresAt ?? 0) > now))),
    ];
    if (missing.length > 0) {
      const found = await findReportingDevices(this.db, missing);
      if (this.entries.size + missing.length >= MAX_ENTRIES) this.entries.clear();
      for (const identifier of missing) {
        const device = found.get(identifier);
        if (device) this.entries.set(identifier, { device, expiresAt: now + DEVICE_CACHE_TTL_MS });
        else this.entries.delete(identifier);
      }
    }
    return identifiers.map((identifier) => this.entries.get(identifier)?.device ?? null);
  }

  forget(identifier: string): void {
    this.entries.delete(identifier);
  }
}
