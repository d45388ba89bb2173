import { z } from 'zod';
import { zValidationError } from './errors';

/** Contracts of registering watches from a CSV file (`POST /api/devices/batch`). */

/** Rows of one CSV upload at most; a larger file is refused as a whole. */
export const DEVICE_BATCH_MAX_ROWS = 5000;
/**
 * Columns of the batch CSV (header row required, any order, `;` or `,` separated). `organization`
 * and `product` take a name (or id) in the caller's tenant; the rest are the registry fields.
 */
export const DEVICE_BATCH_COLUMNS = [
  'imei',
  'name',
  'organization',
  'product',
  'serialNumber',
  'stellaId',
  'deviceIdentifier',
  'phoneNumber',
  'operator',
  'owner',
  'purchaseDate',
  'saleType',
  'condition',
] as const;

/** `POST /api/devices/batch`: the CSV file's text. */
export const zDeviceBatchRequest = z.object({
  csv: z.string().min(1).max(2_000_000),
  /** Register rows whose Stella ID lacks the product's prefix (the dialog's OK, for a whole file). */
  acceptStellaIdPrefixMismatch: z.boolean().optional().default(false),
});
export type DeviceBatchRequest = z.input<typeof zDeviceBatchRequest>;

export const DEVICE_BATCH_OUTCOMES = ['created', 'alreadyRegistered', 'refused'] as const;

/**
 * One line's fate. `alreadyRegistered` is a watch this tenant already has with that IMEI, so
 * uploading a file twice creates nothing twice; `refused` lists why, as field errors by column.
 */
export const zDeviceBatchRow = z.object({
  line: z.number().int(),
  imei: z.string(),
  outcome: z.enum(DEVICE_BATCH_OUTCOMES),
  deviceId: z.string().nullable(),
  errors: z.array(zValidationError),
});
export type DeviceBatchRow = z.infer<typeof zDeviceBatchRow>;

export const zDeviceBatchResult = z.object({
  created: z.number().int(),
  alreadyRegistered: z.number().int(),
  refused: z.number().int(),
  rows: z.array(zDeviceBatchRow),
});
export type DeviceBatchResult = z.infer<typeof zDeviceBatchResult>;
