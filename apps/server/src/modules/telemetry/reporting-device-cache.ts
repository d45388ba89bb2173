import type { Database } from '../../platform/db/database';
import { findReportingDevice, type ReportingDevice } from './telemetry.repository';

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
    const cached = this.entries.get(identifier);
    if (cached && cached.expiresAt > this.now()) return cached.device;
    const device = await findReportingDevice(this.db, identifier);
    if (!device) {
      this.entries.delete(identifier);
      return null;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(identifier, { device, expiresAt: this.now() + DEVICE_CACHE_TTL_MS });
    return device;
  }

  forget(identifier: string): void {
    this.entries.delete(identifier);
  }
}
