import {
  zCustomer,
  zCustomerDiscountRequest,
  zCustomerListRequest,
  zCustomerListResponse,
  zCustomerPricing,
  zIdParams,
  zSaveCustomerRequest,
  zSetCustomerPricesRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './customers.service';

const tags = ['customers'];
const BASE = '/api/customers';

/** Customers with their discount and prices. A host filtering to All tenants reads every tenant's. */
export const customersRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Customers' },
      schema: {
        tags,
        summary: 'Customers (search, paging, sorting)',
        querystring: zCustomerListRequest,
        response: { 200: zCustomerListResponse },
      },
    },
    async (request) => service.listCustomers(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Customers' },
      schema: { tags, summary: 'One customer', params: zIdParams, response: { 200: zCustomer } },
    },
    async (request) => service.getCustomer(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Customers.Create' },
      schema: {
        tags,
        summary: 'Create a customer',
        body: zSaveCustomerRequest,
        response: { 201: zCustomer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCustomer(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Customers.Edit' },
      schema: {
        tags,
        summary: 'Update a customer',
        params: zIdParams,
        body: zSaveCustomerRequest,
        response: { 200: zCustomer },
      },
    },
    async (request) => service.updateCustomer(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Customers.Delete' },
      schema: {
        tags,
        summary: 'Delete a customer with its contacts and prices',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteCustomer(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/prices`,
    {
      config: { permission: 'Homeward.Customers' },
      schema: {
        tags,
        summary: 'The catalogue with list, customer and net prices',
        params: zIdParams,
        response: { 200: zCustomerPricing },
      },
    },
    async (request) => service.getCustomerPricing(requestContext(request, deps), request.params.id),
  );

  app.put(
    `${BASE}/:id/prices`,
    {
      config: { permission: 'Homeward.Customers.ManagePrices' },
      schema: {
        tags,
        summary: 'Set the customer’s own prices of some products',
        params: zIdParams,
        body: zSetCustomerPricesRequest,
        response: { 200: zCustomerPricing },
      },
    },
    async (request) =>
      service.setCustomerPrices(requestContext(request, deps), request.params.id, request.body),
  );

  app.post(
    `${BASE}/:id/prices/reset`,
    {
      config: { permission: 'Homeward.Customers.ManagePrices' },
      schema: {
        tags,
        summary: 'Every product back to its list price',
        params: zIdParams,
        response: { 200: zCustomerPricing },
      },
    },
    async (request) => service.resetCustomerPrices(requestContext(request, deps), request.params.id),
  );

  app.put(
    `${BASE}/:id/discount`,
    {
      config: { permission: 'Homeward.Customers.ManagePrices' },
      schema: {
        tags,
        summary: 'Set the customer’s discount (0 to 100 %)',
        params: zIdParams,
        body: zCustomerDiscountRequest,
        response: { 200: zCustomerPricing },
      },
    },
    async (request) =>
      service.setCustomerDiscount(requestContext(request, deps), request.params.id, request.body),
  );
};
