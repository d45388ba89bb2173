import {
  DEVICE_BATCH_MAX_ROWS,
  DEVICE_MESSAGE_KEYS,
  fieldErrorsOf,
  zRegisterDeviceRequest,
  type DeviceBatchRequest,
  type DeviceBatchResult,
  type DeviceBatchRow,
  type ValidationError,
} from '@homeward/contracts';
import type { RequestContext } from '../../platform/http/request-context';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import { DeviceBatchFileError, parseDeviceBatchCsv, type DeviceBatchLine } from './device-batch-csv';
import { findDeviceFamily } from './device-families';
import { findDeviceIdByImei, findOrganizationId, insertDevice } from './devices.repository';
import { checkRegistration, refuseBeyondDeviceLimit, UNIQUE_FIELD_ERRORS } from './devices.service';
import type { Database } from '../../platform/db/database';
import { newActivationCodeColumns, type ActivationCodeProtection } from './activation-codes';

type BatchContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId'> & {
  activationCodes: ActivationCodeProtection;
};

/** Registration fields named as the CSV names them, so each refusal points at a column. */
const COLUMN_OF_FIELD: Record<string, string> = { organizationId: 'organization', productId: 'product' };

function byColumn(errors: ValidationError[]): ValidationError[] {
  return errors.map((error) => ({ ...error, field: COLUMN_OF_FIELD[error.field] ?? error.field }));
}

const UNIQUE_ERROR_BY_CONSTRAINT = Object.entries(UNIQUE_FIELD_ERRORS);

/** The refusal of one line, from whatever registering it threw; anything unexpected propagates. */
function refusalOf(error: unknown): ValidationError[] {
  if (error instanceof DomainError && error.validationErrors) return byColumn(error.validationErrors);
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  if (cause?.code === '23505') {
    const match = UNIQUE_ERROR_BY_CONSTRAINT.find(([name]) => cause.constraint === name);
    if (match) return [match[1]];
  }
  throw error;
}

async function registerLine(
  db: Database,
  ctx: BatchContext & { tenantId: string },
  line: DeviceBatchLine,
  acceptStellaIdPrefixMismatch: boolean,
): Promise<DeviceBatchRow> {
  const { cells } = line;
  const imei = cells.imei ?? '';
  const base = { line: line.line, imei };
  const existing = imei ? await findDeviceIdByImei(db, ctx.tenantId, imei) : null;
  if (existing) return { ...base, outcome: 'alreadyRegistered', deviceId: existing, errors: [] };

  const lookups: ValidationError[] = [];
  const organizationId = cells.organization
    ? await findOrganizationId(db, ctx.tenantId, cells.organization)
    : null;
  if (cells.organization && !organizationId) {
    lookups.push({ field: 'organization', message: DEVICE_MESSAGE_KEYS.unknownOrganization });
  }
  const family = cells.product ? await findDeviceFamily(db, ctx.tenantId, cells.product) : null;
  if (cells.product && !family)
    lookups.push({ field: 'product', message: DEVICE_MESSAGE_KEYS.unknownProduct });

  const parsed = zRegisterDeviceRequest.safeParse({
    ...cells,
    organizationId: organizationId ?? (cells.organization ? undefined : ''),
    productId: family?.id ?? null,
    saleType: cells.saleType || null,
    condition: cells.condition || null,
    acceptStellaIdPrefixMismatch,
  });
  const formatErrors = parsed.success
    ? []
    : byColumn(fieldErrorsOf(parsed.error)).filter((error) => !lookups.some((l) => l.field === error.field));
  if (!parsed.success || lookups.length > 0) {
    return { ...base, outcome: 'refused', deviceId: null, errors: [...lookups, ...formatErrors] };
  }
  try {
    // A savepoint per line: a refused line rolls back alone, and the good ones stay.
    const id = await db.transaction(async (savepoint) => {
      await checkRegistration(savepoint, ctx.tenantId, parsed.data);
      await refuseBeyondDeviceLimit(savepoint, ctx.tenantId);
      const { acceptStellaIdPrefixMismatch: _accepted, ...fields } = parsed.data;
      const { printed: _printed, ...code } = newActivationCodeColumns(ctx.activationCodes, fields.imei);
      return (
        await insertDevice(savepoint, {
          ...fields,
          ...code,
          tenantId: ctx.tenantId,
          createdByUserId: ctx.userId,
        })
      ).id;
    });
    return { ...base, outcome: 'created', deviceId: id, errors: [] };
  } catch (error) {
    return { ...base, outcome: 'refused', deviceId: null, errors: refusalOf(error) };
  }
}

/**
 * Registers the watches of a CSV upload, one line at a time, and reports each line's fate. A bad
 * line never blocks the good ones, and a watch this tenant already has is reported, not doubled,
 * so uploading the same file again creates nothing.
 */
export async function registerDeviceBatch(
  ctx: Omit<BatchContext, 'activationCodes'>,
  input: DeviceBatchRequest,
  activationCodes: ActivationCodeProtection,
): Promise<DeviceBatchResult> {
  const tenantId = ctx.tenantId;
  if (tenantId === null) throw fieldError('tenantId', DEVICE_MESSAGE_KEYS.tenantRequired);
  let lines: DeviceBatchLine[];
  try {
    lines = parseDeviceBatchCsv(input.csv, DEVICE_BATCH_MAX_ROWS);
  } catch (error) {
    if (error instanceof DeviceBatchFileError) throw fieldError('csv', error.messageKey, error.params);
    throw error;
  }
  const accept = input.acceptStellaIdPrefixMismatch ?? false;
  return ctx.db.transaction(async (tx) => {
    const rows: DeviceBatchRow[] = [];
    for (const line of lines) {
      rows.push(await registerLine(tx, { ...ctx, tenantId, activationCodes }, line, accept));
    }
    const countOf = (outcome: DeviceBatchRow['outcome']) =>
      rows.filter((row) => row.outcome === outcome).length;
    return {
      created: countOf('created'),
      alreadyRegistered: countOf('alreadyRegistered'),
      refused: countOf('refused'),
      rows,
    };
  });
}
