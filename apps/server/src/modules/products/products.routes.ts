import {
  CURRENCIES,
  CURRENCY_MINOR_DIGITS,
  zCurrencyListResponse,
  zIdParams,
  zPagedRequest,
  zProduct,
  zProductListResponse,
  zSaveProductRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './products.service';

const tags = ['products'];
const BASE = '/api/products';

/** The product catalogue ("accessories") and the currency list. */
export const productsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/currencies',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Currencies prices can be in', response: { 200: zCurrencyListResponse } },
    },
    async () => ({ items: CURRENCIES.map((code) => ({ code, minorDigits: CURRENCY_MINOR_DIGITS })) }),
  );

  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Accessories' },
      schema: {
        tags,
        summary: 'The tenant’s products (search, paging, sorting)',
        querystring: zPagedRequest,
        response: { 200: zProductListResponse },
      },
    },
    async (request) => service.listProducts(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Accessories' },
      schema: { tags, summary: 'One product', params: zIdParams, response: { 200: zProduct } },
    },
    async (request) => service.getProduct(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Accessories.Create' },
      schema: { tags, summary: 'Add a product', body: zSaveProductRequest, response: { 201: zProduct } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createProduct(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Accessories.Edit' },
      schema: {
        tags,
        summary: 'Update a product',
        params: zIdParams,
        body: zSaveProductRequest,
        response: { 200: zProduct },
      },
    },
    async (request) => service.updateProduct(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Accessories.Delete' },
      schema: { tags, summary: 'Delete a product', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteProduct(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
