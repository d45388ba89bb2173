import { ALL_TENANTS_ID, SIMCARD_MESSAGE_KEYS, type Simcard } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { isoTime } from '../../platform/db/query-helpers';
import { fieldError } from '../../platform/errors/field-errors';
import { setDevicePhoneNumber, updateSimcard, type SimcardView } from './simcards.repository';
import type { SimcardRow } from './simcards.schema';

/**
 * What ties a SIM to its watch: paired, the watch's phone number is the SIM's MSISDN (the terminal
 * sends SMS commands to it); unpaired or deactivated, the watch loses the number the SIM gave it.
 */

/** Writes need one tenant: the host has no SIMs, and the All tenants view is read-only. */
export function writableTenant(tenantId: string | null): string {
  if (tenantId === null || tenantId === ALL_TENANTS_ID) {
    throw fieldError('tenantId', SIMCARD_MESSAGE_KEYS.tenantRequired);
  }
  return tenantId;
}

export function toSimcard({ simcard, device }: SimcardView): Simcard {
  return {
    id: simcard.id,
    iccid: simcard.iccid,
    msisdn: simcard.msisdn,
    operator: simcard.operator,
    note: simcard.note,
    status: simcard.status,
    device,
    deactivatedAt: isoTime(simcard.deactivatedAt),
    createdAt: isoTime(simcard.createdAt),
    updatedAt: isoTime(simcard.updatedAt),
  };
}

/** Unpairs the SIM (in place too); its watch keeps a phone number only if it is not the SIM's. */
export async function unpairSimcard(
  db: Database,
  tenantId: string,
  sim: SimcardRow,
  now: Date,
): Promise<void> {
  if (!sim.deviceId) return;
  await updateSimcard(db, tenantId, sim.id, { deviceId: null, updatedAt: now });
  await setDevicePhoneNumber(db, tenantId, sim.deviceId, null, now, sim.msisdn);
  sim.deviceId = null;
}

/** Puts the SIM in the watch (in place too): the watch's phone number becomes the SIM's MSISDN. */
export async function pairSimcard(
  db: Database,
  tenantId: string,
  sim: SimcardRow,
  deviceId: string,
  now: Date,
): Promise<void> {
  await updateSimcard(db, tenantId, sim.id, { deviceId, updatedAt: now });
  await setDevicePhoneNumber(db, tenantId, deviceId, sim.msisdn, now);
  sim.deviceId = deviceId;
}

/** After a paired SIM's MSISDN changed, its watch's phone number follows. */
export async function followMsisdn(
  db: Database,
  tenantId: string,
  sim: SimcardRow,
  now: Date,
): Promise<void> {
  if (sim.deviceId) await setDevicePhoneNumber(db, tenantId, sim.deviceId, sim.msisdn, now);
}

/** Deactivates an active SIM: it is unpaired first (a dead number takes no SMS commands). */
export async function deactivateSimcardRow(
  db: Database,
  tenantId: string,
  sim: SimcardRow,
  now: Date,
): Promise<void> {
  await unpairSimcard(db, tenantId, sim, now);
  await updateSimcard(db, tenantId, sim.id, { status: 'deactivated', deactivatedAt: now, updatedAt: now });
  sim.status = 'deactivated';
}
