import { z } from 'zod';
import { hasValidLuhnCheckDigit } from './devices';
import { zValidationError } from './errors';
import { normalizePhoneNumber } from './phone-numbers';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Contracts of SIM cards (`/api/simcards`, spec §7 "SIM cards: list, lookup, batch upload, batch
 * deactivate, edit, deactivate", issue 19). A SIM is known by its ICCID (unique per tenant) and
 * carries the watch's phone number (MSISDN, E.164). Paired with a watch, it gives the watch its
 * phone number, and the terminal's SMS commands go to it.
 */

export const SIMCARD_STATUSES = ['active', 'deactivated'] as const;
export type SimcardStatus = (typeof SIMCARD_STATUSES)[number];

/** Translation keys (namespace `simcards`) of the rules the server enforces, and of row failures. */
export const SIMCARD_MESSAGE_KEYS = {
  iccidInvalid: 'simcards:iccidInvalid',
  iccidTaken: 'simcards:iccidTaken',
  msisdnInvalid: 'simcards:msisdnInvalid',
  msisdnTaken: 'simcards:msisdnTaken',
  imeiInvalid: 'simcards:imeiInvalid',
  tenantRequired: 'simcards:tenantRequired',
  duplicateInFile: 'simcards:duplicateInFile',
  simcardNotFound: 'simcards:simcardNotFound',
  simcardDeactivated: 'simcards:simcardDeactivated',
  deviceNotFound: 'simcards:deviceNotFound',
  nothingToDeactivate: 'simcards:nothingToDeactivate',
  csvEmpty: 'simcards:csvEmpty',
  csvUnknownColumn: 'simcards:csvUnknownColumn',
  csvMissingColumn: 'simcards:csvMissingColumn',
  csvTooManyRows: 'simcards:csvTooManyRows',
  csvUnclosedQuote: 'simcards:csvUnclosedQuote',
} as const;

/** Rows of one upload request at most; a larger request is refused as a whole (the web sends chunks). */
export const SIMCARD_UPLOAD_MAX_ROWS = 10_000;
/** Characters of one upload request's CSV text at most. */
export const SIMCARD_UPLOAD_MAX_CSV_LENGTH = 1_000_000;
/** The web app's limits on the file a user picks, which it sends in chunks of `…_CHUNK_ROWS` rows. */
export const SIMCARD_FILE_MAX_BYTES = 5_000_000;
export const SIMCARD_FILE_MAX_ROWS = 50_000;
export const SIMCARD_UPLOAD_CHUNK_ROWS = 1_000;
/** Rows of one pairing or batch-deactivation request at most. */
export const SIMCARD_BATCH_MAX_ROWS = 1_000;

/** Columns of the upload CSV (header row required, any order and case, `,` or `;` separated). */
export const SIMCARD_UPLOAD_COLUMNS = ['iccid', 'msisdn', 'operator', 'note'] as const;
/** Columns every upload names; `operator` and `note` may be left out. */
export const SIMCARD_UPLOAD_REQUIRED_COLUMNS = ['iccid', 'msisdn'] as const;

/** The digits of an ICCID as printed (spaces and dashes between groups are dropped). */
export function normalizeIccid(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * True for a valid ICCID (ITU-T E.118): 19 or 20 digits, the last one the Luhn check digit of the
 * others. Spaces and dashes between digit groups are allowed.
 */
export function isValidIccid(text: string): boolean {
  const digits = normalizeIccid(text);
  return /^\d{19,20}$/.test(digits) && hasValidLuhnCheckDigit(digits);
}

/** An ICCID as typed; parses to its digits. */
export const zIccid = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(64, { error: SIMCARD_MESSAGE_KEYS.iccidInvalid, abort: true })
  .refine(isValidIccid, SIMCARD_MESSAGE_KEYS.iccidInvalid)
  .transform(normalizeIccid);

/** A phone number in any usual spelling; parses to E.164 like every phone number of the product. */
export const zMsisdn = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(32, { error: SIMCARD_MESSAGE_KEYS.msisdnInvalid, abort: true })
  .refine((text) => normalizePhoneNumber(text) !== null, SIMCARD_MESSAGE_KEYS.msisdnInvalid)
  .transform((text) => normalizePhoneNumber(text)!);

const zOptionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** POST /api/simcards and PUT /api/simcards/:id; also one row of an upload. */
export const zSaveSimcardRequest = z.object({
  iccid: zIccid,
  msisdn: zMsisdn,
  operator: zOptionalText(64),
  note: zOptionalText(500),
});
export type SaveSimcardRequest = z.input<typeof zSaveSimcardRequest>;
export type SaveSimcardValues = z.output<typeof zSaveSimcardRequest>;

/** The watch a SIM is paired with. */
export const zSimcardDevice = z.object({ id: z.uuid(), imei: z.string(), name: z.string() });

export const zSimcard = z.object({
  id: z.uuid(),
  iccid: z.string(),
  msisdn: z.string(),
  operator: z.string(),
  note: z.string(),
  status: z.enum(SIMCARD_STATUSES),
  device: zSimcardDevice.nullable(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Simcard = z.infer<typeof zSimcard>;

export const SIMCARD_SORT_FIELDS = [
  'iccid',
  'msisdn',
  'operator',
  'status',
  'createdAt',
  'updatedAt',
] as const;

/** GET /api/simcards: searched by ICCID, MSISDN, operator, note and the paired watch's IMEI. */
export const zSimcardListRequest = zPagedRequest.extend({ status: z.enum(SIMCARD_STATUSES).optional() });
export type SimcardListRequest = z.input<typeof zSimcardListRequest>;
export const zSimcardListResponse = zPagedResult(zSimcard);
export type SimcardListResponse = z.infer<typeof zSimcardListResponse>;

/** GET /api/simcards/by-iccid/:iccid and /by-msisdn/:msisdn, in any accepted spelling. */
export const zSimcardIccidParams = z.object({ iccid: zIccid });
export const zSimcardMsisdnParams = z.object({ msisdn: zMsisdn });

/** POST /api/simcards/upload: one CSV text (a file, or one chunk of it with the header repeated). */
export const zSimcardUploadRequest = z.object({
  csv: z.string().min(1).max(SIMCARD_UPLOAD_MAX_CSV_LENGTH),
  /** Added to the reported line numbers, so a chunk's report names the lines of the whole file. */
  lineOffset: z.number().int().min(0).max(10_000_000).optional().default(0),
});
export type SimcardUploadRequest = z.input<typeof zSimcardUploadRequest>;

/**
 * One line's fate. A SIM the tenant has with that ICCID is `unchanged` when the line says what is
 * stored and `updated` when its MSISDN, operator or note differ (the file wins; its status stays),
 * so uploading a file again creates nothing twice. `failed` lists why, as field errors by column.
 */
export const SIMCARD_UPLOAD_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type SimcardUploadOutcome = (typeof SIMCARD_UPLOAD_OUTCOMES)[number];

export const zSimcardUploadRow = z.object({
  line: z.number().int(),
  iccid: z.string(),
  outcome: z.enum(SIMCARD_UPLOAD_OUTCOMES),
  simcardId: z.string().nullable(),
  errors: z.array(zValidationError),
});
export type SimcardUploadRow = z.infer<typeof zSimcardUploadRow>;

export const zSimcardUploadResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  rows: z.array(zSimcardUploadRow),
});
export type SimcardUploadResult = z.infer<typeof zSimcardUploadResult>;

/** POST /api/simcards/deactivate: SIMs by id and/or ICCID. */
export const zDeactivateSimcardsRequest = z
  .object({
    ids: z.array(z.uuid()).max(SIMCARD_BATCH_MAX_ROWS).optional().default([]),
    iccids: z.array(z.string().max(64)).max(SIMCARD_BATCH_MAX_ROWS).optional().default([]),
  })
  .refine((value) => value.ids.length + value.iccids.length > 0, {
    message: SIMCARD_MESSAGE_KEYS.nothingToDeactivate,
    path: ['ids'],
  });
export type DeactivateSimcardsRequest = z.input<typeof zDeactivateSimcardsRequest>;

export const SIMCARD_DEACTIVATION_OUTCOMES = ['deactivated', 'alreadyDeactivated', 'failed'] as const;

/** One requested SIM's fate; `key` is the id or ICCID as it was asked for. */
export const zDeactivateSimcardRow = z.object({
  key: z.string(),
  outcome: z.enum(SIMCARD_DEACTIVATION_OUTCOMES),
  simcardId: z.string().nullable(),
  errors: z.array(zValidationError),
});
export type DeactivateSimcardRow = z.infer<typeof zDeactivateSimcardRow>;

export const zDeactivateSimcardsResult = z.object({
  deactivated: z.number().int(),
  alreadyDeactivated: z.number().int(),
  failed: z.number().int(),
  rows: z.array(zDeactivateSimcardRow),
});
export type DeactivateSimcardsResult = z.infer<typeof zDeactivateSimcardsResult>;

/**
 * POST /api/simcards/pair (`pairSimcards`): SIMs to watches by ICCID and IMEI. Each row is checked
 * on its own, so a bad ICCID or unknown IMEI is reported for that row and never refuses the rest.
 */
export const zPairSimcardsRequest = z.object({
  rows: z
    .array(z.object({ iccid: z.string().max(64), imei: z.string().max(64) }))
    .min(1)
    .max(SIMCARD_BATCH_MAX_ROWS),
});
export type PairSimcardsRequest = z.input<typeof zPairSimcardsRequest>;

export const SIMCARD_PAIRING_OUTCOMES = ['paired', 'alreadyPaired', 'failed'] as const;

/** One row's fate; `row` counts from 1 in the order sent. */
export const zPairSimcardRow = z.object({
  row: z.number().int(),
  iccid: z.string(),
  imei: z.string(),
  outcome: z.enum(SIMCARD_PAIRING_OUTCOMES),
  simcardId: z.string().nullable(),
  deviceId: z.string().nullable(),
  errors: z.array(zValidationError),
});
export type PairSimcardRow = z.infer<typeof zPairSimcardRow>;

export const zPairSimcardsResult = z.object({
  paired: z.number().int(),
  alreadyPaired: z.number().int(),
  failed: z.number().int(),
  rows: z.array(zPairSimcardRow),
});
export type PairSimcardsResult = z.infer<typeof zPairSimcardsResult>;
