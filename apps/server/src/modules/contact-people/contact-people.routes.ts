import {
  zContactPerson,
  zContactPersonListRequest,
  zContactPersonListResponse,
  zContactRole,
  zContactRoleListResponse,
  zCreateContactRoleRequest,
  zIdParams,
  zSaveContactPersonRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './contact-people.service';

const tags = ['contact-people'];
const BASE = '/api/contact-people';
const ROLES = '/api/contact-roles';

/** Contact people of customers, and the tenant's list of contact roles. */
export const contactPeopleRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.ContactPeople' },
      schema: {
        tags,
        summary: 'Contact people of the tenant or of one customer (search, paging, sorting)',
        querystring: zContactPersonListRequest,
        response: { 200: zContactPersonListResponse },
      },
    },
    async (request) => service.listContactPeople(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.ContactPeople' },
      schema: { tags, summary: 'One contact person', params: zIdParams, response: { 200: zContactPerson } },
    },
    async (request) => service.getContactPerson(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.ContactPeople.Create' },
      schema: {
        tags,
        summary: 'Add a contact person to a customer',
        body: zSaveContactPersonRequest,
        response: { 201: zContactPerson },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createContactPerson(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.ContactPeople.Edit' },
      schema: {
        tags,
        summary: 'Update a contact person',
        params: zIdParams,
        body: zSaveContactPersonRequest,
        response: { 200: zContactPerson },
      },
    },
    async (request) =>
      service.updateContactPerson(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.ContactPeople.Delete' },
      schema: { tags, summary: 'Delete a contact person', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteContactPerson(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    ROLES,
    {
      config: { permission: 'Homeward.ContactPeople' },
      schema: { tags, summary: 'The tenant’s contact roles', response: { 200: zContactRoleListResponse } },
    },
    async (request) => service.listContactRoles(requestContext(request, deps)),
  );

  app.post(
    ROLES,
    {
      config: { permission: 'Homeward.ContactPeople.Edit' },
      schema: {
        tags,
        summary: 'Add a contact role',
        body: zCreateContactRoleRequest,
        response: { 201: zContactRole },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createContactRole(requestContext(request, deps), request.body)),
  );

  app.delete(
    `${ROLES}/:id`,
    {
      config: { permission: 'Homeward.ContactPeople.Edit' },
      schema: { tags, summary: 'Delete a contact role', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteContactRole(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
