import {
  zAlarmReceiverCandidates,
  zAlarmReceiverCandidatesRequest,
  zAvailableDevices,
  zAvailableDevicesRequest,
  zCitizen,
  zCitizenList,
  zCitizenListRequest,
  zCreateCitizenWizardRequest,
  zGeofenceCitizens,
  zGeofenceCitizensRequest,
  zIdParams,
  zMonitoredObjects,
  zMonitoredObjectsRequest,
  zReplaceAlarmReceiversRequest,
  zReplaceCitizenDevicesRequest,
  zReplaceCitizenGeofencesRequest,
  zUpdateCitizenDeviceSettingsRequest,
  zUpdateCitizenRequest,
} from '@homeward/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import * as receiverService from './alarm-receivers.service';
import * as linkService from './citizen-links.service';
import {
  CITIZEN_WIZARD_STEPS,
  createCitizenFromWizard,
  type CitizenWizardSteps,
} from './citizen-wizard.service';
import { createCprProtection, type CprProtection } from './cpr-protection';
import * as service from './citizens.service';

const tags = ['citizens'];
const BASE = '/api/citizens';

type Deps = Pick<ModuleDependencies, 'config' | 'database' | 'authorizations'>;

function citizenContext(request: FastifyRequest, deps: Deps, cpr: CprProtection): service.CitizenContext {
  return { ...requestContext(request, deps), cpr };
}

/**
 * `POST /api/citizens/wizard`, a plugin of its own so a test can mount it with a step that fails
 * (`steps`) and see the request's transaction leave nothing behind.
 */
export const citizenWizardRoutes: FastifyPluginAsyncZod<Deps & { steps?: CitizenWizardSteps }> = async (
  app,
  deps,
) => {
  const cpr = createCprProtection(deps.config.cprEncryptionKey);
  app.post(
    `${BASE}/wizard`,
    {
      config: { permission: 'Homeward.Citizens.Create' },
      schema: {
        tags,
        summary: 'Create a citizen with its watches, app settings and geofences in one transaction',
        body: zCreateCitizenWizardRequest,
        response: { 201: zCitizen },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCitizenFromWizard(
            citizenContext(request, deps, cpr),
            request.body,
            deps.steps ?? CITIZEN_WIZARD_STEPS,
          ),
        ),
  );
};

/** Citizens (monitored objects): list, read, wizard, update, delete, and their link sets. */
export const citizensRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const cpr = createCprProtection(deps.config.cprEncryptionKey);
  const ctx = (request: FastifyRequest) => citizenContext(request, deps, cpr);
  await app.register(citizenWizardRoutes, deps);

  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary: 'Citizens, paged; searched by name, surname or city, or exactly by a whole CPR number',
        querystring: zCitizenListRequest,
        response: { 200: zCitizenList },
      },
    },
    async (request) => service.listCitizens(ctx(request), request.query),
  );

  app.get(
    `${BASE}/available-devices`,
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary: 'The tenant’s watches no citizen wears (the wizard’s available panel), paged',
        querystring: zAvailableDevicesRequest,
        response: { 200: zAvailableDevices },
      },
    },
    async (request) => linkService.listAvailableDevices(ctx(request), request.query),
  );

  app.get(
    `${BASE}/alarm-receiver-candidates`,
    {
      config: { permission: 'Homeward.Citizens.ManageAlarmReceivers' },
      schema: {
        tags,
        summary: 'Users and contact people of the tenant who can receive a citizen’s alarms',
        querystring: zAlarmReceiverCandidatesRequest,
        response: { 200: zAlarmReceiverCandidates },
      },
    },
    async (request) => receiverService.listAlarmReceiverCandidates(ctx(request), request.query.filter),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary: 'One citizen with watches, geofences and alarm receivers (full CPR only with Edit)',
        params: zIdParams,
        response: { 200: zCitizen },
      },
    },
    async (request) => service.getCitizen(ctx(request), request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Citizens.Edit' },
      schema: {
        tags,
        summary: 'Update a citizen’s information',
        params: zIdParams,
        body: zUpdateCitizenRequest,
        response: { 200: zCitizen },
      },
    },
    async (request) => service.updateCitizen(ctx(request), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Citizens.Delete' },
      schema: {
        tags,
        summary: 'Delete a citizen; its watches stay registered without a citizen',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteCitizen(ctx(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/:id/devices`,
    {
      config: { permission: 'Homeward.Citizens.ManageDevices' },
      schema: {
        tags,
        summary: 'Replace the citizen’s watches (new ones get default app settings)',
        params: zIdParams,
        body: zReplaceCitizenDevicesRequest,
        response: { 200: zCitizen },
      },
    },
    async (request) =>
      linkService.replaceCitizenDevices(ctx(request), request.params.id, request.body.deviceIds),
  );

  app.put(
    `${BASE}/:id/devices/:deviceId/settings`,
    {
      config: { permission: 'Homeward.Citizens.ManageDevices' },
      schema: {
        tags,
        summary: 'Change the app settings of one of the citizen’s watches',
        params: z.object({ id: z.uuid(), deviceId: z.uuid() }),
        body: zUpdateCitizenDeviceSettingsRequest,
        response: { 200: zCitizen },
      },
    },
    async (request) =>
      linkService.updateCitizenDeviceSettings(
        ctx(request),
        request.params.id,
        request.params.deviceId,
        request.body.settings,
      ),
  );

  app.put(
    `${BASE}/:id/geofences`,
    {
      config: { permission: 'Homeward.Citizens.ManageGeofences' },
      schema: {
        tags,
        summary: 'Replace the citizen’s geofences',
        params: zIdParams,
        body: zReplaceCitizenGeofencesRequest,
        response: { 200: zCitizen },
      },
    },
    async (request) =>
      linkService.replaceCitizenGeofences(ctx(request), request.params.id, request.body.geofenceIds),
  );

  app.put(
    `${BASE}/:id/alarm-receivers`,
    {
      config: { permission: 'Homeward.Citizens.ManageAlarmReceivers' },
      schema: {
        tags,
        summary: 'Replace the citizen’s alarm receivers, in escalation order',
        params: zIdParams,
        body: zReplaceAlarmReceiversRequest,
        response: { 200: zCitizen },
      },
    },
    async (request) =>
      receiverService.replaceAlarmReceivers(ctx(request), request.params.id, request.body.receivers),
  );

  app.get(
    '/api/geofences/:id/citizens',
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary: 'The citizens kept inside one geofence, paged',
        params: zIdParams,
        querystring: zGeofenceCitizensRequest,
        response: { 200: zGeofenceCitizens },
      },
    },
    async (request) => service.listGeofenceCitizens(ctx(request), request.params.id, request.query),
  );

  app.get(
    '/api/organizations/:id/monitored-objects',
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary: 'Citizens of an organization and its sub-organizations, at most 1000 per call',
        params: zIdParams,
        querystring: zMonitoredObjectsRequest,
        response: { 200: zMonitoredObjects },
      },
    },
    async (request) => service.listMonitoredObjects(ctx(request), request.params.id, request.query),
  );
};
