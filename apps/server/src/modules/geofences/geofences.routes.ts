import {
  zGeofence,
  zGeofenceList,
  zGeofenceListRequest,
  zIdParams,
  zSaveGeofenceRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './geofences.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['geofences'];
const BASE = '/api/geofences';

/** Geofences: list, read, add, update, delete. Every route declares its permission. */
export const geofencesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Geofences' },
      schema: {
        tags,
        summary: 'Geofences of the caller’s tenant, paged, searched by name or description',
        querystring: zGeofenceListRequest,
        response: { 200: zGeofenceList },
      },
    },
    async (request) => service.listGeofences(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Geofences' },
      schema: { tags, summary: 'One geofence', params: zIdParams, response: { 200: zGeofence } },
    },
    async (request) => service.getGeofence(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Geofences.Create' },
      schema: {
        tags,
        summary: 'Add a geofence drawn as a circle or a polygon',
        body: zSaveGeofenceRequest,
        response: { 201: zGeofence },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGeofence(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Geofences.Edit' },
      schema: {
        tags,
        summary: 'Update a geofence; the kind follows the new drawing',
        params: zIdParams,
        body: zSaveGeofenceRequest,
        response: { 200: zGeofence },
      },
    },
    async (request) => service.updateGeofence(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Geofences.Delete' },
      schema: { tags, summary: 'Delete a geofence', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteGeofence(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
