import {
  SETTING_GROUP_PERMISSIONS,
  SETTING_GROUPS,
  zSendTestEmailRequest,
  zSettingGroupResponse,
  zUpdateSettingsRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './settings.service';

const tags = ['setting-management'];
const BASE = '/api/setting-management';

/**
 * HTTP routes of settings management. Each group is its own pair of routes, because each checks
 * its own permission (`Homeward.Settings.<Group>`, plus `.Edit` to save).
 */
export const settingsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  for (const group of SETTING_GROUPS) {
    const permission = SETTING_GROUP_PERMISSIONS[group];
    app.get(
      `${BASE}/${group}`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Settings of the ${group} group at the caller's level (secrets only as set or not)`,
          response: { 200: zSettingGroupResponse },
        },
      },
      async (request) => service.getSettingGroup(requestContext(request, deps), group),
    );

    app.put(
      `${BASE}/${group}`,
      {
        config: { permission: `${permission}.Edit` as const },
        schema: {
          tags,
          summary: `Save settings of the ${group} group at the caller's level`,
          body: zUpdateSettingsRequest,
          response: { 200: zSettingGroupResponse },
        },
      },
      async (request) => service.updateSettingGroup(requestContext(request, deps), group, request.body),
    );
  }

  app.post(
    `${BASE}/emailing/send-test-email`,
    {
      config: { permission: SETTING_GROUP_PERMISSIONS.emailing },
      schema: { tags, summary: 'Queue a test e-mail through the outbox', body: zSendTestEmailRequest },
    },
    async (request, reply) => {
      await service.sendTestEmail(
        requestContext(request, deps),
        preferredLanguage(request.headers['accept-language']),
        request.body,
      );
      return reply.status(202).send();
    },
  );
};
