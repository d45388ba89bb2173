import type { Currency, Product, ProductListResponse, zSaveProductRequest } from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './products.repository';
import type { ProductRow } from './products.schema';

type ProductContext = Pick<RequestContext, 'db' | 'tenantId'>;
type SaveProduct = z.output<typeof zSaveProductRequest>;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: row.kind,
    name: row.name,
    listPriceMinor: row.listPriceMinor,
    currency: row.currency as Currency,
    stellaIdPrefix: row.stellaIdPrefix,
    serialNumberPattern: row.serialNumberPattern,
    expectedReportingIntervalSeconds: row.expectedReportingIntervalSeconds,
    defaultAppSettings: row.defaultAppSettings,
    launchDate: row.launchDate,
    endOfLifeDate: row.endOfLifeDate,
    count: row.stockCount,
    createdAt: isoTime(row.createdAt),
  };
}

/** Empty device-family fields are stored as null, so "not a device family" reads one way. */
function toValues(input: SaveProduct) {
  return {
    kind: input.kind,
    name: input.name,
    listPriceMinor: input.listPriceMinor,
    currency: input.currency,
    stellaIdPrefix: input.stellaIdPrefix || null,
    serialNumberPattern: input.serialNumberPattern || null,
    expectedReportingIntervalSeconds: input.expectedReportingIntervalSeconds ?? null,
    defaultAppSettings: input.defaultAppSettings ?? null,
    launchDate: input.launchDate,
    endOfLifeDate: input.endOfLifeDate,
    stockCount: input.count,
  };
}

export async function listProducts(ctx: ProductContext, page: PageRequest): Promise<ProductListResponse> {
  const { items, totalCount } = await repository.findProducts(ctx.db, ctx.tenantId, page);
  return { items: items.map(toProduct), totalCount };
}

export async function getProduct(ctx: ProductContext, id: string): Promise<Product> {
  const row = await repository.findProduct(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toProduct(row);
}

export async function createProduct(ctx: ProductContext, input: SaveProduct): Promise<Product> {
  const row = await repository.insertProduct(ctx.db, { tenantId: ctx.tenantId, ...toValues(input) });
  return toProduct(row);
}

export async function updateProduct(ctx: ProductContext, id: string, input: SaveProduct): Promise<Product> {
  const row = await repository.updateProduct(ctx.db, ctx.tenantId, id, toValues(input));
  if (!row) throw new DomainError('not_found');
  return toProduct(row);
}

/** Deleting a product also removes the customer prices set for it. */
export async function deleteProduct(ctx: ProductContext, id: string): Promise<void> {
  if (!(await repository.deleteProduct(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}
