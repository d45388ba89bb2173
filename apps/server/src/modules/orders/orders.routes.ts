import {
  zAvailableForOrderResponse,
  zCustomerOrder,
  zCustomerOrderListRequest,
  zCustomerOrderListResponse,
  zCustomerOrderRequest,
  zIdParams,
  zProductsAndServices,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import { createActivationCodeProtection } from '../devices';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './orders.service';
import { getProductsAndServices } from './products-and-services.service';

const tags = ['orders'];

/**
 * Customer orders (spec §7 availableForOrder, customerOrder, productsAndServices). Reading stock
 * and orders takes the customers' read permission; placing an order, and reading an order with its
 * watches' activation codes, takes `Homeward.Customers.Edit`: whoever may send watches to a
 * customer may read the codes that go in the box, and nobody else.
 */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const codes = createActivationCodeProtection(deps.config.cprEncryptionKey);

  app.get(
    '/api/orders/available-for-order',
    {
      config: { permission: 'Homeward.Customers' },
      schema: {
        tags,
        summary: 'Each device family with how many of its watches are in stock and ready for sale',
        response: { 200: zAvailableForOrderResponse },
      },
    },
    async (request) => service.listAvailableForOrder(requestContext(request, deps)),
  );

  app.get(
    '/api/orders',
    {
      config: { permission: 'Homeward.Customers' },
      schema: {
        tags,
        summary: 'The tenant’s orders, newest first (one customer’s with customerId)',
        querystring: zCustomerOrderListRequest,
        response: { 200: zCustomerOrderListResponse },
      },
    },
    async (request) => service.listOrders(requestContext(request, deps), request.query),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { permission: 'Homeward.Customers.Edit' },
      schema: {
        tags,
        summary: 'One order with its lines and each watch’s IMEI and activation code',
        params: zIdParams,
        response: { 200: zCustomerOrder },
      },
    },
    async (request) => service.getOrder(requestContext(request, deps), request.params.id, codes),
  );

  app.post(
    '/api/orders',
    {
      config: { permission: 'Homeward.Customers.Edit' },
      schema: {
        tags,
        summary: 'A customer’s order: reserves watches from stock and takes accessories from their count',
        body: zCustomerOrderRequest,
        response: { 201: zCustomerOrder },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.placeOrder(requestContext(request, deps), request.body, codes)),
  );

  app.get(
    '/api/customers/:id/products-and-services',
    {
      config: { permission: 'Homeward.Customers' },
      schema: {
        tags,
        summary: 'The watches, accessories and services a customer has',
        params: zIdParams,
        response: { 200: zProductsAndServices },
      },
    },
    async (request) => getProductsAndServices(requestContext(request, deps), request.params.id),
  );
};
