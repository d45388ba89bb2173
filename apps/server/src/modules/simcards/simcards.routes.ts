import {
  zDeactivateSimcardsRequest,
  zDeactivateSimcardsResult,
  zIdParams,
  zPairSimcardsRequest,
  zPairSimcardsResult,
  zSaveSimcardRequest,
  zSimcard,
  zSimcardIccidParams,
  zSimcardListRequest,
  zSimcardListResponse,
  zSimcardMsisdnParams,
  zSimcardUploadRequest,
  zSimcardUploadResult,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './simcards.service';
import { uploadSimcards } from './simcard-upload.service';
import { pairSimcards } from './simcard-pairing.service';

const tags = ['simcards'];
const BASE = '/api/simcards';
/** An upload's JSON: the CSV's 1,000,000 characters at most, plus room for escaping. */
const UPLOAD_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** SIM cards of the caller's tenant (spec §7 "SIM cards", issue 19). */
export const simcardsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.SimCards' },
      schema: {
        tags,
        summary: 'SIM cards, paged and sorted, searched by ICCID, MSISDN, operator, note or the watch’s IMEI',
        querystring: zSimcardListRequest,
        response: { 200: zSimcardListResponse },
      },
    },
    async (request) => service.listSimcards(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.SimCards' },
      schema: { tags, summary: 'One SIM card', params: zIdParams, response: { 200: zSimcard } },
    },
    async (request) => service.getSimcard(requestContext(request, deps), { id: request.params.id }),
  );

  app.get(
    `${BASE}/by-iccid/:iccid`,
    {
      config: { permission: 'Homeward.SimCards' },
      schema: {
        tags,
        summary: 'The SIM card with this ICCID (spaces and dashes allowed)',
        params: zSimcardIccidParams,
        response: { 200: zSimcard },
      },
    },
    async (request) => service.getSimcard(requestContext(request, deps), { iccid: request.params.iccid }),
  );

  app.get(
    `${BASE}/by-msisdn/:msisdn`,
    {
      config: { permission: 'Homeward.SimCards' },
      schema: {
        tags,
        summary: 'The SIM card with this phone number in any spelling (the active one first)',
        params: zSimcardMsisdnParams,
        response: { 200: zSimcard },
      },
    },
    async (request) => service.getSimcard(requestContext(request, deps), { msisdn: request.params.msisdn }),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.SimCards.Create' },
      schema: { tags, summary: 'Add a SIM card', body: zSaveSimcardRequest, response: { 201: zSimcard } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSimcard(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.SimCards.Edit' },
      schema: {
        tags,
        summary: 'Edit a SIM card; a paired watch’s phone number follows its MSISDN',
        params: zIdParams,
        body: zSaveSimcardRequest,
        response: { 200: zSimcard },
      },
    },
    async (request) => service.updateSimcard(requestContext(request, deps), request.params.id, request.body),
  );

  app.post(
    `${BASE}/:id/deactivate`,
    {
      config: { permission: 'Homeward.SimCards.Deactivate' },
      schema: {
        tags,
        summary: 'Deactivate a SIM card; it is unpaired from its watch',
        params: zIdParams,
        response: { 200: zSimcard },
      },
    },
    async (request) => service.deactivateSimcard(requestContext(request, deps), request.params.id),
  );

  app.post(
    `${BASE}/deactivate`,
    {
      config: { permission: 'Homeward.SimCards.Deactivate' },
      schema: {
        tags,
        summary: 'Deactivate SIM cards by id or ICCID; reports each one',
        body: zDeactivateSimcardsRequest,
        response: { 200: zDeactivateSimcardsResult },
      },
    },
    async (request) => service.deactivateSimcards(requestContext(request, deps), request.body),
  );

  app.post(
    `${BASE}/upload`,
    {
      config: { permission: 'Homeward.SimCards.BatchUpload' },
      bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Upload SIM cards from CSV (iccid, msisdn, operator, note); reports every line',
        body: zSimcardUploadRequest,
        response: { 200: zSimcardUploadResult },
      },
    },
    async (request) => uploadSimcards(requestContext(request, deps), request.body),
  );

  app.post(
    `${BASE}/pair`,
    {
      config: { permission: 'Homeward.SimCards.Edit' },
      schema: {
        tags,
        summary: 'pairSimcards: pair SIM cards with watches by ICCID and IMEI; reports every row',
        body: zPairSimcardsRequest,
        response: { 200: zPairSimcardsResult },
      },
    },
    async (request) => pairSimcards(requestContext(request, deps), request.body),
  );
};
