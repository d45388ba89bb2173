import {
  isValidIccid,
  normalizeIccid,
  SIMCARD_MESSAGE_KEYS,
  type DeactivateSimcardRow,
  type DeactivateSimcardsResult,
  type SaveSimcardValues,
  type Simcard,
  type SimcardListResponse,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './simcards.repository';
import type { SimcardRow } from './simcards.schema';
import { deactivateSimcardRow, followMsisdn, toSimcard, writableTenant } from './simcard-links';

/** SIM cards of the caller's tenant: list, look up, create, edit, deactivate (one or many). */

export type SimcardContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

const iccidTaken = { field: 'iccid', message: SIMCARD_MESSAGE_KEYS.iccidTaken };
const msisdnTaken = { field: 'msisdn', message: SIMCARD_MESSAGE_KEYS.msisdnTaken };
/** Two saves at the same moment both pass the checks; the unique constraints decide. */
export const UNIQUE_SIMCARD_ERRORS = {
  simcards_tenant_iccid_unique: iccidTaken,
  simcards_tenant_active_msisdn_unique: msisdnTaken,
};

export async function listSimcards(
  ctx: Pick<SimcardContext, 'db' | 'tenantId'>,
  query: repository.SimcardPageRequest,
): Promise<SimcardListResponse> {
  const { items, totalCount } = await repository.findSimcards(ctx.db, ctx.tenantId, query);
  return { items: items.map(toSimcard), totalCount };
}

/** The tenant's SIM by id, ICCID (digits) or MSISDN (E.164; the active SIM first); 404 if none. */
export async function getSimcard(
  ctx: Pick<SimcardContext, 'db' | 'tenantId'>,
  by: { id: string } | { iccid: string } | { msisdn: string },
): Promise<Simcard> {
  const view = await repository.findSimcardView(ctx.db, ctx.tenantId, by);
  if (!view) throw new DomainError('not_found');
  return toSimcard(view);
}

/** Field errors for an ICCID or an active MSISDN another SIM of the tenant has. */
async function checkUnique(
  db: Database,
  tenantId: string,
  input: SaveSimcardValues,
  self?: SimcardRow,
): Promise<void> {
  const [sameIccid] = await repository.findSimcardsByIccids(db, tenantId, [input.iccid]);
  if (sameIccid && sameIccid.id !== self?.id) throw fieldError(iccidTaken.field, iccidTaken.message);
  if (self && self.status !== 'active') return;
  const [sameMsisdn] = await repository.findActiveSimcardsByMsisdns(db, tenantId, [input.msisdn]);
  if (sameMsisdn && sameMsisdn.id !== self?.id) throw fieldError(msisdnTaken.field, msisdnTaken.message);
}

export async function createSimcard(ctx: SimcardContext, input: SaveSimcardValues): Promise<Simcard> {
  const tenantId = writableTenant(ctx.tenantId);
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkUnique(tx, tenantId, input);
        const now = ctx.now();
        const row = await repository.insertSimcard(tx, {
          ...input,
          tenantId,
          createdByUserId: ctx.userId,
          createdAt: now,
          updatedAt: now,
        });
        return toSimcard({ simcard: row, device: null });
      }),
    UNIQUE_SIMCARD_ERRORS,
  );
}

/** Edits a SIM's ICCID, MSISDN, operator and note; a paired watch's phone number follows the MSISDN. */
export async function updateSimcard(
  ctx: SimcardContext,
  id: string,
  input: SaveSimcardValues,
): Promise<Simcard> {
  const tenantId = writableTenant(ctx.tenantId);
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = await repository.findSimcard(tx, tenantId, id);
        if (!current) throw new DomainError('not_found');
        await checkUnique(tx, tenantId, input, current);
        const now = ctx.now();
        const row = await repository.updateSimcard(tx, tenantId, id, { ...input, updatedAt: now });
        if (row!.msisdn !== current.msisdn) await followMsisdn(tx, tenantId, row!, now);
        return getSimcard({ db: tx, tenantId }, { id });
      }),
    UNIQUE_SIMCARD_ERRORS,
  );
}

/**
 * Deactivates one SIM and unpairs it from its watch (which loses the SIM's number). Deactivating a
 * deactivated SIM changes nothing.
 */
export async function deactivateSimcard(ctx: SimcardContext, id: string): Promise<Simcard> {
  const tenantId = writableTenant(ctx.tenantId);
  return ctx.db.transaction(async (tx) => {
    const sim = await repository.findSimcard(tx, tenantId, id);
    if (!sim) throw new DomainError('not_found');
    if (sim.status === 'active') await deactivateSimcardRow(tx, tenantId, sim, ctx.now());
    return getSimcard({ db: tx, tenantId }, { id });
  });
}

/**
 * Deactivates SIMs named by id or ICCID, in one transaction, and reports each one asked for: an
 * unknown id or ICCID fails alone, and one asked for twice is reported once.
 */
export async function deactivateSimcards(
  ctx: SimcardContext,
  input: { ids: string[]; iccids: string[] },
): Promise<DeactivateSimcardsResult> {
  const tenantId = writableTenant(ctx.tenantId);
  const keys = [...new Set([...input.ids, ...input.iccids.map((iccid) => iccid.trim())])];
  return ctx.db.transaction(async (tx) => {
    const iccids = input.iccids.filter(isValidIccid).map(normalizeIccid);
    const found = [
      ...(await repository.findSimcardsByIds(tx, tenantId, input.ids)),
      ...(await repository.findSimcardsByIccids(tx, tenantId, iccids)),
    ];
    const byKey = new Map<string, SimcardRow>();
    for (const sim of found) byKey.set(sim.id, sim).set(sim.iccid, sim);
    const done = new Set<string>();
    const now = ctx.now();
    const rows: DeactivateSimcardRow[] = [];
    for (const key of keys) {
      const isId = input.ids.includes(key);
      const sim = byKey.get(isId ? key : normalizeIccid(key));
      if (!sim) {
        const invalid = !isId && !isValidIccid(key);
        const message = invalid ? SIMCARD_MESSAGE_KEYS.iccidInvalid : SIMCARD_MESSAGE_KEYS.simcardNotFound;
        const field = isId ? 'id' : 'iccid';
        rows.push({ key, outcome: 'failed', simcardId: null, errors: [{ field, message }] });
        continue;
      }
      if (done.has(sim.id)) continue;
      done.add(sim.id);
      const outcome = sim.status === 'active' ? 'deactivated' : 'alreadyDeactivated';
      if (outcome === 'deactivated') await deactivateSimcardRow(tx, tenantId, sim, now);
      rows.push({ key, outcome, simcardId: sim.id, errors: [] });
    }
    const countOf = (outcome: DeactivateSimcardRow['outcome']) =>
      rows.filter((row) => row.outcome === outcome).length;
    return {
      deactivated: countOf('deactivated'),
      alreadyDeactivated: countOf('alreadyDeactivated'),
      failed: countOf('failed'),
      rows,
    };
  });
}
