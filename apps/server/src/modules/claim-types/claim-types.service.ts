import {
  IDENTITY_MESSAGE_KEYS,
  type ClaimType,
  type ValidationError,
  type zClaimTypeListRequest,
  type zCreateClaimTypeRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import type { Database } from '../../platform/db/database';
import * as repository from './claim-types.repository';
import type { ClaimTypeRow } from './claim-types.schema';
import { isValidClaimRegex } from './claim-value-rule';
import { type RequestContext } from '../../platform/http/request-context';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';

const UNIQUE_CLAIM_TYPE_ERRORS = {
  claim_types_name_unique: { field: 'name', message: IDENTITY_MESSAGE_KEYS.claimTypeNameTaken },
};

/** Claim types (host only): the rules on top of the claim-types repository. */

function toClaimType(row: ClaimTypeRow): ClaimType {
  return {
    id: row.id,
    name: row.name,
    required: row.required,
    isStatic: row.isStatic,
    regex: row.regex,
    regexDescription: row.regexDescription,
    description: row.description,
    valueType: row.valueType,
    createdAt: isoTime(row.createdAt),
  };
}

export async function listClaimTypes(ctx: RequestContext, query: z.output<typeof zClaimTypeListRequest>) {
  const orderBy = orderByOf(
    query.sorting,
    repository.CLAIM_TYPE_SORT_COLUMNS,
    repository.CLAIM_TYPE_DEFAULT_ORDER,
  );
  const { rows, totalCount } = await repository.findClaimTypes(ctx.db, query, orderBy);
  return { items: rows.map(toClaimType), totalCount };
}

export async function listAllClaimTypes(ctx: RequestContext) {
  return { items: (await repository.findAllClaimTypes(ctx.db)).map(toClaimType) };
}

async function requireClaimType(db: Database, id: string): Promise<ClaimTypeRow> {
  const row = await repository.findClaimType(db, id);
  if (!row) throw new DomainError('not_found');
  return row;
}

export async function getClaimType(ctx: RequestContext, id: string): Promise<ClaimType> {
  return toClaimType(await requireClaimType(ctx.db, id));
}

type ClaimTypeInput = z.output<typeof zCreateClaimTypeRequest>;

async function checkClaimType(db: Database, input: ClaimTypeInput, exceptId?: string): Promise<void> {
  const errors: ValidationError[] = [];
  if (await repository.isClaimTypeNameTaken(db, input.name, exceptId)) {
    errors.push({ field: 'name', message: IDENTITY_MESSAGE_KEYS.claimTypeNameTaken });
  }
  if (input.regex && !isValidClaimRegex(input.regex)) {
    errors.push({ field: 'regex', message: IDENTITY_MESSAGE_KEYS.invalidRegex });
  }
  if (errors.length) throw new DomainError('validation_failed', undefined, undefined, errors);
}

function valuesOf(input: ClaimTypeInput) {
  return {
    name: input.name,
    required: input.required,
    regex: input.regex || null,
    regexDescription: input.regexDescription || null,
    description: input.description || null,
    valueType: input.valueType,
  };
}

export async function createClaimType(ctx: RequestContext, input: ClaimTypeInput): Promise<ClaimType> {
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkClaimType(tx, input);
        return repository.insertClaimType(tx, valuesOf(input));
      }),
    UNIQUE_CLAIM_TYPE_ERRORS,
  );
  return toClaimType(row);
}

export async function updateClaimType(
  ctx: RequestContext,
  id: string,
  input: ClaimTypeInput,
): Promise<ClaimType> {
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = await requireClaimType(tx, id);
        if (current.isStatic && current.name !== input.name) {
          throw fieldError('name', IDENTITY_MESSAGE_KEYS.staticClaimTypeCannotBeRenamed);
        }
        await checkClaimType(tx, input, id);
        if (current.name !== input.name) await repository.renameClaimsOfType(tx, current.name, input.name);
        return repository.updateClaimType(tx, id, valuesOf(input));
      }),
    UNIQUE_CLAIM_TYPE_ERRORS,
  );
  return toClaimType(row);
}

export async function deleteClaimType(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireClaimType(tx, id);
    if (row.isStatic) throw fieldError('id', IDENTITY_MESSAGE_KEYS.staticClaimTypeCannotBeDeleted);
    await repository.deleteClaimType(tx, row);
  });
}
