import {
  isValidIccid,
  normalizeIccid,
  SIMCARD_MESSAGE_KEYS,
  zImei,
  type PairSimcardRow,
  type PairSimcardsResult,
  type ValidationError,
} from '@homeward/contracts';
import { pairSimcard, unpairSimcard, writableTenant } from './simcard-links';
import * as repository from './simcards.repository';
import type { SimcardRow } from './simcards.schema';
import type { SimcardContext } from './simcards.service';

/** A row whose ICCID and IMEI are well formed and not given twice in the request. */
interface PairingLine {
  row: number;
  iccid: string;
  imei: string;
}

/** Format checks and repeats; fills `report` for the rows that fail them. */
function checkRows(rows: { iccid: string; imei: string }[], report: PairSimcardRow[]): PairingLine[] {
  const good: PairingLine[] = [];
  const seen = { iccid: new Set<string>(), imei: new Set<string>() };
  rows.forEach((input, index) => {
    const iccid = normalizeIccid(input.iccid.trim());
    const imei = input.imei.trim();
    const errors: ValidationError[] = [];
    if (!isValidIccid(iccid)) errors.push({ field: 'iccid', message: SIMCARD_MESSAGE_KEYS.iccidInvalid });
    else if (seen.iccid.has(iccid))
      errors.push({ field: 'iccid', message: SIMCARD_MESSAGE_KEYS.duplicateInFile });
    if (!zImei.safeParse(imei).success)
      errors.push({ field: 'imei', message: SIMCARD_MESSAGE_KEYS.imeiInvalid });
    else if (seen.imei.has(imei))
      errors.push({ field: 'imei', message: SIMCARD_MESSAGE_KEYS.duplicateInFile });
    const base = { row: index + 1, iccid, imei, simcardId: null, deviceId: null };
    if (errors.length > 0) {
      report[index] = { ...base, outcome: 'failed', errors };
      return;
    }
    seen.iccid.add(iccid);
    seen.imei.add(imei);
    good.push({ row: index + 1, iccid, imei });
  });
  return good;
}

/**
 * `pairSimcards`: puts SIMs in watches by ICCID and IMEI, in one transaction, and reports every
 * row. A paired watch's phone number becomes its SIM's MSISDN, which the terminal's SMS commands
 * go to. The row wins over earlier pairings: a SIM moved to another watch leaves the old one
 * (which loses the SIM's number), and a watch's earlier SIM is unpaired. A row fails alone for a
 * malformed or repeated ICCID or IMEI, an unknown or deactivated SIM, or a watch the tenant lacks.
 */
export async function pairSimcards(
  ctx: SimcardContext,
  input: { rows: { iccid: string; imei: string }[] },
): Promise<PairSimcardsResult> {
  const tenantId = writableTenant(ctx.tenantId);
  const report: PairSimcardRow[] = new Array(input.rows.length);
  const good = checkRows(input.rows, report);
  return ctx.db.transaction(async (tx) => {
    const simByIccid = new Map(
      (
        await repository.findSimcardsByIccids(
          tx,
          tenantId,
          good.map((line) => line.iccid),
        )
      ).map((sim) => [sim.iccid, sim]),
    );
    const deviceByImei = new Map(
      (
        await repository.findDevicesByImeis(
          tx,
          tenantId,
          good.map((line) => line.imei),
        )
      ).map((device) => [device.imei, device]),
    );
    // Each watch's current SIM, kept up to date as the rows move SIMs around.
    const simOfDevice = new Map<string, SimcardRow>();
    const deviceIds = [...deviceByImei.values()].map((device) => device.id);
    for (const sim of await repository.findSimcardsByDeviceIds(tx, tenantId, deviceIds)) {
      const known = simByIccid.get(sim.iccid) ?? sim;
      simOfDevice.set(sim.deviceId!, known);
    }
    for (const sim of simByIccid.values()) if (sim.deviceId) simOfDevice.set(sim.deviceId, sim);

    const now = ctx.now();
    for (const line of good) {
      const sim = simByIccid.get(line.iccid);
      const device = deviceByImei.get(line.imei);
      const errors: ValidationError[] = [];
      if (!sim) errors.push({ field: 'iccid', message: SIMCARD_MESSAGE_KEYS.simcardNotFound });
      else if (sim.status !== 'active') {
        errors.push({ field: 'iccid', message: SIMCARD_MESSAGE_KEYS.simcardDeactivated });
      }
      if (!device) errors.push({ field: 'imei', message: SIMCARD_MESSAGE_KEYS.deviceNotFound });
      const base = { row: line.row, iccid: line.iccid, imei: line.imei };
      if (!sim || !device || errors.length > 0) {
        report[line.row - 1] = {
          ...base,
          outcome: 'failed',
          simcardId: sim?.id ?? null,
          deviceId: device?.id ?? null,
          errors,
        };
        continue;
      }
      const alreadyPaired = sim.deviceId === device.id;
      if (alreadyPaired && device.phoneNumber === sim.msisdn) {
        report[line.row - 1] = {
          ...base,
          outcome: 'alreadyPaired',
          simcardId: sim.id,
          deviceId: device.id,
          errors: [],
        };
        continue;
      }
      if (!alreadyPaired) {
        if (sim.deviceId) simOfDevice.delete(sim.deviceId);
        await unpairSimcard(tx, tenantId, sim, now);
        const previous = simOfDevice.get(device.id);
        if (previous) await unpairSimcard(tx, tenantId, previous, now);
      }
      await pairSimcard(tx, tenantId, sim, device.id, now);
      simOfDevice.set(device.id, sim);
      device.phoneNumber = sim.msisdn;
      report[line.row - 1] = {
        ...base,
        outcome: alreadyPaired ? 'alreadyPaired' : 'paired',
        simcardId: sim.id,
        deviceId: device.id,
        errors: [],
      };
    }
    const countOf = (outcome: PairSimcardRow['outcome']) =>
      report.filter((row) => row.outcome === outcome).length;
    return {
      paired: countOf('paired'),
      alreadyPaired: countOf('alreadyPaired'),
      failed: countOf('failed'),
      rows: report,
    };
  });
}
