import ExcelJS from 'exceljs';
import { EXPORT_MAX_ROWS, type Language } from '@homeward/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RoutePermission } from '../auth/request-auth';
import {
  requestContext,
  type RequestContext,
  type RequestContextDependencies,
} from '../http/request-context';
import { preferredLanguage } from '../i18n/request-language';
import { serverTexts } from '../i18n/server-texts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One column of an export: a translated header and the cell value of a row. */
export interface ExportColumn<TItem> {
  /** Namespaced translation key of the header (`devices:imei`). */
  headerKey: string;
  value(item: TItem, language: Language): string | number | boolean | Date | null | undefined;
  width?: number;
}

/** A list endpoint's export: the same filters as the list, every matching row, as an xlsx sheet. */
export interface ListExport<TQuery extends { skipCount: number; maxResultCount: number }, TItem> {
  url: string;
  permission: RoutePermission;
  tags: string[];
  /** The list endpoint's query schema: the export takes the same filters and sorting. */
  querystring: z.ZodType<TQuery>;
  /** File name without date and extension, e.g. `devices`. */
  fileName: string;
  columns: ExportColumn<TItem>[];
  fetchPage(ctx: RequestContext, query: TQuery): Promise<{ items: TItem[]; totalCount: number }>;
}

/** Builds one worksheet: a bold header row, then a row per item. */
export async function renderXlsx(sheetName: string, headers: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column) => {
    column.width = Math.min(60, Math.max(12, (column.header?.length ?? 10) + 4));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Registers `GET <url>`: the rows the list would show for the same query (tenant scope and
 * row-level security included, as it runs in the request transaction), page by page, capped at
 * EXPORT_MAX_ROWS, as an xlsx download with headers in the caller's language.
 */
export function registerListExport<TQuery extends { skipCount: number; maxResultCount: number }, TItem>(
  app: FastifyInstance,
  deps: RequestContextDependencies,
  spec: ListExport<TQuery, TItem>,
): void {
  const typed = app as unknown as Parameters<FastifyPluginAsyncZod>[0];
  typed.get(
    spec.url,
    {
      config: { permission: spec.permission },
      schema: {
        tags: spec.tags,
        summary: `Export of the list as xlsx (at most ${EXPORT_MAX_ROWS} rows)`,
        querystring: spec.querystring,
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request, deps);
      const language = preferredLanguage(request.headers['accept-language']);
      await serverTexts.load([language], namespacesOf(spec.columns));
      const pageSize = 1000;
      const items: TItem[] = [];
      for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += pageSize) {
        const query = { ...(request.query as TQuery), skipCount, maxResultCount: pageSize };
        const page = await spec.fetchPage(ctx, query);
        items.push(...page.items.slice(0, EXPORT_MAX_ROWS - items.length));
        if (page.items.length < pageSize) break;
      }
      const headers = spec.columns.map((column) => serverTexts.translate(language, column.headerKey));
      const rows = items.map((item) => spec.columns.map((column) => column.value(item, language) ?? null));
      const body = await renderXlsx(spec.fileName, headers, rows);
      const date = ctx.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${spec.fileName}-${date}.xlsx"`)
        .send(body);
    },
  );
}

function namespacesOf(columns: { headerKey: string }[]): string[] {
  return [...new Set(columns.map((column) => column.headerKey.split(':')[0]!))];
}
