import {
  COMMAND_TEMPLATE_MESSAGE_KEYS,
  type CommandTemplate,
  type CommandTemplateListResponse,
  type LookupResponse,
  type SaveCommandTemplateValues,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { isoTime } from '../../platform/db/query-helpers';
import type { RequestContext } from '../../platform/http/request-context';
import type { Database } from '../../platform/db/database';
import * as repository from './command-templates.repository';

/**
 * Command templates of the caller's tenant (spec §3 Command template): list, read, create, update
 * and delete. The `%{var}` rules (spec §5) are the contract's; the service adds what needs the
 * database: a name unique in any case, and a product of the caller's own tenant.
 */

type TemplateContext = Pick<RequestContext, 'db' | 'tenantId' | 'now'>;

const nameTaken = { field: 'name', message: COMMAND_TEMPLATE_MESSAGE_KEYS.nameTaken };
/** Two saves of one name at the same moment both pass the check; the unique index decides. */
export const UNIQUE_COMMAND_TEMPLATE_ERRORS = { command_templates_tenant_name_unique: nameTaken };

function toCommandTemplate(row: repository.CommandTemplateWithProduct): CommandTemplate {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    description: row.description,
    commandText: row.commandText,
    productId: row.productId,
    productName: row.productName,
    variables: row.variables,
    isTextMessage: row.isTextMessage,
    createdAt: isoTime(row.createdAt),
  };
}

function columnsOf(input: SaveCommandTemplateValues) {
  return {
    name: input.name,
    description: input.description,
    commandText: input.commandText,
    productId: input.productId,
    variables: input.variables,
    isTextMessage: input.isTextMessage,
  };
}

/** The name is free and the product is one of the tenant's device families; returns its name. */
async function checkSave(
  db: Database,
  tenantId: string | null,
  input: SaveCommandTemplateValues,
  exceptId?: string,
): Promise<string | null> {
  if (await repository.isNameTaken(db, tenantId, input.name, exceptId)) {
    throw fieldError(nameTaken.field, nameTaken.message);
  }
  if (input.productId === null) return null;
  const product = await repository.findDeviceFamily(db, tenantId, input.productId);
  if (!product) throw fieldError('productId', COMMAND_TEMPLATE_MESSAGE_KEYS.unknownProduct);
  return product.name;
}

export async function listCommandTemplates(
  ctx: Pick<TemplateContext, 'db' | 'tenantId'>,
  query: repository.CommandTemplatePageRequest,
): Promise<CommandTemplateListResponse> {
  const { items, totalCount } = await repository.findCommandTemplates(ctx.db, ctx.tenantId, query);
  return { items: items.map(toCommandTemplate), totalCount };
}

export async function getCommandTemplate(
  ctx: Pick<TemplateContext, 'db' | 'tenantId'>,
  id: string,
): Promise<CommandTemplate> {
  const row = await repository.findCommandTemplate(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toCommandTemplate(row);
}

/** The device families a template can be for, as the product picker pages through them. */
export async function lookupProducts(
  ctx: Pick<TemplateContext, 'db' | 'tenantId'>,
  lookup: { filter?: string; skip: number; take: number },
): Promise<LookupResponse> {
  return repository.findDeviceFamilyLookup(ctx.db, ctx.tenantId, lookup);
}

export async function createCommandTemplate(
  ctx: TemplateContext,
  input: SaveCommandTemplateValues,
): Promise<CommandTemplate> {
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const productName = await checkSave(tx, ctx.tenantId, input);
        const now = ctx.now();
        const row = await repository.insertCommandTemplate(tx, {
          ...columnsOf(input),
          tenantId: ctx.tenantId,
          createdAt: now,
          updatedAt: now,
        });
        return toCommandTemplate({ ...row, productName });
      }),
    UNIQUE_COMMAND_TEMPLATE_ERRORS,
  );
}

export async function updateCommandTemplate(
  ctx: TemplateContext,
  id: string,
  input: SaveCommandTemplateValues,
): Promise<CommandTemplate> {
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        if (!(await repository.findCommandTemplate(tx, ctx.tenantId, id))) throw new DomainError('not_found');
        const productName = await checkSave(tx, ctx.tenantId, input, id);
        const row = await repository.updateCommandTemplate(tx, ctx.tenantId, id, {
          ...columnsOf(input),
          updatedAt: ctx.now(),
        });
        return toCommandTemplate({ ...row!, productName });
      }),
    UNIQUE_COMMAND_TEMPLATE_ERRORS,
  );
}

export async function deleteCommandTemplate(
  ctx: Pick<TemplateContext, 'db' | 'tenantId'>,
  id: string,
): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => repository.deleteCommandTemplate(tx, ctx.tenantId, id));
  if (!deleted) throw new DomainError('not_found');
}
