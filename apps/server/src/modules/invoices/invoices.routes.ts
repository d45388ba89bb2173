import {
  zIdParams,
  zInvoice,
  zInvoiceExportRequest,
  zInvoiceListRequest,
  zInvoiceListResponse,
  zInvoiceRunRequest,
  zInvoiceRunResponse,
  zUpdateInvoiceRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XLSX_CONTENT_TYPE } from '../../platform/export/list-export';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import type { ModuleDependencies } from '../module-dependencies';
import { exportInvoices } from './invoice-export';
import { runInvoices } from './invoice-run.service';
import { invoicePdf, sendInvoice } from './invoice-sending.service';
import * as service from './invoices.service';

const tags = ['invoices'];
const BASE = '/api/invoices';

/**
 * Enterprise invoices: the monthly run, the list, sending, payment, credit notes, PDF and Excel.
 * Organization tenants only (households holding `Homeward.Invoices` for their card invoices are
 * refused); a host filtering to All tenants reads and downloads every tenant's.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const seller = deps.config;

  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Invoices' },
      schema: {
        tags,
        summary: 'Invoices (paging; filters by customer, status and months)',
        querystring: zInvoiceListRequest,
        response: { 200: zInvoiceListResponse },
      },
    },
    async (request) => service.listInvoices(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/export`,
    {
      config: { permission: 'Homeward.Invoices.Export' },
      schema: {
        tags,
        summary: 'One customer’s invoices and lines as xlsx',
        querystring: zInvoiceExportRequest,
      },
    },
    async (request, reply) => {
      const language = preferredLanguage(request.headers['accept-language']);
      const file = await exportInvoices(requestContext(request, deps), request.query.customerId, language);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.post(
    `${BASE}/runs`,
    {
      config: { permission: 'Homeward.Invoices.Create' },
      schema: {
        tags,
        summary: 'Invoice every customer for a month (nothing is made twice)',
        body: zInvoiceRunRequest,
        response: { 200: zInvoiceRunResponse },
      },
    },
    async (request) => runInvoices(requestContext(request, deps), request.body.month),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Invoices' },
      schema: { tags, summary: 'One invoice with its lines', params: zIdParams, response: { 200: zInvoice } },
    },
    async (request) => service.getInvoice(requestContext(request, deps), request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Invoices.Edit' },
      schema: {
        tags,
        summary: 'Change a draft (a sent invoice answers 409)',
        params: zIdParams,
        body: zUpdateInvoiceRequest,
        response: { 200: zInvoice },
      },
    },
    async (request) => service.updateInvoice(requestContext(request, deps), request.params.id, request.body),
  );

  app.get(
    `${BASE}/:id/pdf`,
    {
      config: { permission: 'Homeward.Invoices' },
      schema: { tags, summary: 'The invoice as a PDF', params: zIdParams },
    },
    async (request, reply) => {
      const file = await invoicePdf(requestContext(request, deps), request.params.id, seller);
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.pdf);
    },
  );

  app.post(
    `${BASE}/:id/send`,
    {
      config: { permission: 'Homeward.Invoices.Send' },
      schema: {
        tags,
        summary: 'E-mail the PDF to the customer (through the outbox); Draft → Sent',
        params: zIdParams,
        response: { 200: zInvoice },
      },
    },
    async (request) =>
      sendInvoice(
        requestContext(request, deps),
        request.params.id,
        seller,
        preferredLanguage(request.headers['accept-language']),
      ),
  );

  app.post(
    `${BASE}/:id/paid`,
    {
      config: { permission: 'Homeward.Invoices.MarkPaid' },
      schema: { tags, summary: 'Sent → Paid', params: zIdParams, response: { 200: zInvoice } },
    },
    async (request) => service.markInvoicePaid(requestContext(request, deps), request.params.id),
  );

  app.post(
    `${BASE}/:id/credit-note`,
    {
      config: { permission: 'Homeward.Invoices.Create' },
      schema: {
        tags,
        summary: 'A credit note (negative invoice) correcting a sent or paid invoice',
        params: zIdParams,
        response: { 201: zInvoice },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.creditInvoice(requestContext(request, deps), request.params.id)),
  );
};
