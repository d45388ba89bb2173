import {
  fieldErrorsOf,
  SIMCARD_MESSAGE_KEYS,
  SIMCARD_UPLOAD_MAX_ROWS,
  zSaveSimcardRequest,
  type SaveSimcardValues,
  type SimcardUploadResult,
  type SimcardUploadRow,
  type ValidationError,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { followMsisdn, writableTenant } from './simcard-links';
import { parseSimcardCsv, type SimcardUploadLine } from './simcard-upload-csv';
import * as repository from './simcards.repository';
import type { SimcardRow } from './simcards.schema';
import type { SimcardContext } from './simcards.service';

/** New SIMs per INSERT statement (and savepoint): 500 rows of 8 values stay far below bind limits. */
const INSERT_CHUNK_ROWS = 500;

/** A line that passed the format checks, with where its report goes. */
interface GoodLine {
  index: number;
  line: number;
  values: SaveSimcardValues;
}

const failed = (line: number, iccid: string, errors: ValidationError[]): SimcardUploadRow => ({
  line,
  iccid,
  outcome: 'failed',
  simcardId: null,
  errors,
});

/** The name of the unique constraint a database error broke, or undefined for any other error. */
function brokenUniqueConstraint(error: unknown): string | undefined {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return cause?.code === '23505' ? (cause.constraint ?? 'unique') : undefined;
}

/**
 * Format checks of every line, and ICCIDs and MSISDNs given twice in one text (the later line
 * fails). Fills `report` for the failed lines and returns the good ones.
 */
function checkLines(lines: SimcardUploadLine[], lineOffset: number, report: SimcardUploadRow[]): GoodLine[] {
  const good: GoodLine[] = [];
  const seenIccids = new Set<string>();
  const seenMsisdns = new Set<string>();
  lines.forEach(({ line, cells }, index) => {
    const at = line + lineOffset;
    const parsed = zSaveSimcardRequest.safeParse(cells);
    if (!parsed.success) {
      report[index] = failed(at, cells.iccid ?? '', fieldErrorsOf(parsed.error));
      return;
    }
    const { iccid, msisdn } = parsed.data;
    const twice = seenIccids.has(iccid) ? 'iccid' : seenMsisdns.has(msisdn) ? 'msisdn' : null;
    if (twice) {
      report[index] = failed(at, iccid, [{ field: twice, message: SIMCARD_MESSAGE_KEYS.duplicateInFile }]);
      return;
    }
    seenIccids.add(iccid);
    seenMsisdns.add(msisdn);
    good.push({ index, line: at, values: parsed.data });
  });
  return good;
}

const sameFields = (sim: SimcardRow, values: SaveSimcardValues) =>
  sim.msisdn === values.msisdn && sim.operator === values.operator && sim.note === values.note;

/** Inserts one chunk of new SIMs; a clash with a number saved meanwhile sends each line in alone. */
async function createChunk(
  db: Database,
  owner: { tenantId: string; userId: string; now: Date },
  chunk: GoodLine[],
  report: SimcardUploadRow[],
): Promise<void> {
  const insertOf = ({ values }: GoodLine) => ({
    ...values,
    tenantId: owner.tenantId,
    createdByUserId: owner.userId,
    createdAt: owner.now,
    updatedAt: owner.now,
  });
  let inserted: { id: string; iccid: string }[];
  try {
    inserted = await db.transaction((savepoint) =>
      repository.insertNewSimcards(savepoint, chunk.map(insertOf)),
    );
  } catch (error) {
    if (!brokenUniqueConstraint(error)) throw error;
    if (chunk.length === 1) reportClash(chunk[0]!, report)(error);
    else for (const line of chunk) await createChunk(db, owner, [line], report);
    return;
  }
  const idOf = new Map(inserted.map((row) => [row.iccid, row.id]));
  for (const { index, line, values } of chunk) {
    const id = idOf.get(values.iccid);
    // Not inserted: the same ICCID was saved meanwhile (the same file uploaded twice at once).
    report[index] = {
      line,
      iccid: values.iccid,
      outcome: id ? 'created' : 'unchanged',
      simcardId: id ?? null,
      errors: [],
    };
  }
}

/** Reports a line whose write broke the active-MSISDN uniqueness; anything else propagates. */
function reportClash({ index, line, values }: GoodLine, report: SimcardUploadRow[]) {
  return (error: unknown) => {
    if (!brokenUniqueConstraint(error)) throw error;
    report[index] = failed(line, values.iccid, [
      { field: 'msisdn', message: SIMCARD_MESSAGE_KEYS.msisdnTaken },
    ]);
  };
}

/**
 * Uploads SIMs from CSV text (columns iccid, msisdn, operator, note) and reports every line:
 * `created`; `unchanged` when the tenant has that ICCID with the same MSISDN, operator and note
 * (so uploading a file again creates nothing twice); `updated` when they differ (the file wins,
 * a paired watch's number follows, the status stays); `failed` with the reasons by column. A bad
 * line never blocks the good ones: lines are checked first, the new SIMs then inserted in chunks
 * of 500, each in its own savepoint, within the request's transaction.
 */
export async function uploadSimcards(
  ctx: SimcardContext,
  input: { csv: string; lineOffset: number },
): Promise<SimcardUploadResult> {
  const tenantId = writableTenant(ctx.tenantId);
  const lines = parseSimcardCsv(input.csv, SIMCARD_UPLOAD_MAX_ROWS);
  const report: SimcardUploadRow[] = new Array(lines.length);
  const good = checkLines(lines, input.lineOffset, report);
  const existing = new Map(
    (
      await repository.findSimcardsByIccids(
        ctx.db,
        tenantId,
        good.map((line) => line.values.iccid),
      )
    ).map((sim) => [sim.iccid, sim]),
  );
  const numberHolders = new Map(
    (
      await repository.findActiveSimcardsByMsisdns(
        ctx.db,
        tenantId,
        good.map((line) => line.values.msisdn),
      )
    ).map((sim) => [sim.msisdn, sim.iccid]),
  );
  const toCreate: GoodLine[] = [];
  const toUpdate: { line: GoodLine; sim: SimcardRow }[] = [];
  for (const line of good) {
    const { iccid, msisdn } = line.values;
    const sim = existing.get(iccid);
    const holder = numberHolders.get(msisdn);
    if (sim && sameFields(sim, line.values)) {
      report[line.index] = { line: line.line, iccid, outcome: 'unchanged', simcardId: sim.id, errors: [] };
    } else if (holder !== undefined && holder !== iccid && (!sim || sim.status === 'active')) {
      report[line.index] = failed(line.line, iccid, [
        { field: 'msisdn', message: SIMCARD_MESSAGE_KEYS.msisdnTaken },
      ]);
    } else if (sim) toUpdate.push({ line, sim });
    else toCreate.push(line);
  }

  const now = ctx.now();
  const owner = { tenantId, userId: ctx.userId, now };
  for (let start = 0; start < toCreate.length; start += INSERT_CHUNK_ROWS) {
    await createChunk(ctx.db, owner, toCreate.slice(start, start + INSERT_CHUNK_ROWS), report);
  }
  for (const { line, sim } of toUpdate) {
    await ctx.db
      .transaction(async (savepoint) => {
        const row = await repository.updateSimcard(savepoint, tenantId, sim.id, {
          ...line.values,
          updatedAt: now,
        });
        if (row!.msisdn !== sim.msisdn) await followMsisdn(savepoint, tenantId, row!, now);
        report[line.index] = {
          line: line.line,
          iccid: sim.iccid,
          outcome: 'updated',
          simcardId: sim.id,
          errors: [],
        };
      })
      .catch(reportClash(line, report));
  }

  const countOf = (outcome: SimcardUploadRow['outcome']) =>
    report.filter((row) => row.outcome === outcome).length;
  return {
    created: countOf('created'),
    updated: countOf('updated'),
    unchanged: countOf('unchanged'),
    failed: countOf('failed'),
    rows: report,
  };
}
