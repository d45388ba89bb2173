import {
  zAuditLogDetail,
  zAuditLogListRequest,
  zAuditLogListResponse,
  zEntityChangeListRequest,
  zEntityChangeListResponse,
} from '../audit-logs';
import { zAppConfiguration, zAppConfigurationRequest } from '../configuration';
import { zTenantFeaturesResponse, zUpdateTenantFeaturesRequest } from '../features';
import {
  zAllLanguagesResponse,
  zCreateLanguageRequest,
  zCultureListRequest,
  zCultureListResponse,
  zLanguage,
  zLanguageListResponse,
  zLanguageText,
  zLanguageTextListRequest,
  zLanguageTextListResponse,
  zTextResourcesResponse,
  zUpdateLanguageRequest,
  zUpdateLanguageTextRequest,
} from '../languages';
import { zNationalLoginBroker, zSaveNationalLoginBrokerRequest } from '../national-login';
import {
  zCreateOrganizationRequest,
  zLookupRequest,
  zLookupResponse,
  zMoveOrganizationRequest,
  zOrganization,
  zOrganizationListRequest,
  zOrganizationListResponse,
  zUpdateOrganizationRequest,
} from '../organizations';
import {
  SETTING_GROUPS,
  zSendTestEmailRequest,
  zSettingGroupResponse,
  zUpdateSettingsRequest,
  type SettingGroup,
} from '../settings';
import {
  zCreateTenantRequest,
  zTenant,
  zTenantListRequest,
  zTenantListResponse,
  zTenantLookupRequest,
  zTenantLookupResponse,
  zUpdateTenantRequest,
} from '../tenants';
import { zPagedRequest } from '../users';
import { endpoint, endpointGroup, zNoContent } from './endpoint';

/** The app's configuration, organizations, tenants, settings, languages and the audit log. */

const ORGANIZATIONS = '/api/organizations';
const TENANTS = '/api/tenants';
const SETTINGS = '/api/setting-management';
const LANGUAGES = '/api/language-management/languages';
const TEXTS = '/api/language-management/texts';

export const appEndpoints = endpointGroup('app', {
  configuration: endpoint('GET', '/api/app/configuration', {
    query: zAppConfigurationRequest,
    response: zAppConfiguration,
  }),
});

export const organizationEndpoints = endpointGroup('organizations', {
  list: endpoint('GET', ORGANIZATIONS, {
    query: zOrganizationListRequest,
    response: zOrganizationListResponse,
  }),
  get: endpoint('GET', `${ORGANIZATIONS}/:id`, { response: zOrganization }),
  children: endpoint('GET', `${ORGANIZATIONS}/:id/children`, {
    query: zOrganizationListRequest,
    response: zOrganizationListResponse,
  }),
  create: endpoint('POST', ORGANIZATIONS, { body: zCreateOrganizationRequest, response: zOrganization }),
  update: endpoint('PUT', `${ORGANIZATIONS}/:id`, {
    body: zUpdateOrganizationRequest,
    response: zOrganization,
  }),
  move: endpoint('POST', `${ORGANIZATIONS}/:id/move`, {
    body: zMoveOrganizationRequest,
    response: zOrganization,
  }),
  delete: endpoint('DELETE', `${ORGANIZATIONS}/:id`, { response: zNoContent }),
  lookup: endpoint('GET', `${ORGANIZATIONS}/lookup`, { query: zLookupRequest, response: zLookupResponse }),
  customerLookup: endpoint('GET', `${ORGANIZATIONS}/customer-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
  geofenceLookup: endpoint('GET', `${ORGANIZATIONS}/geofence-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
});

export const tenantEndpoints = endpointGroup('tenants', {
  list: endpoint('GET', TENANTS, { query: zTenantListRequest, response: zTenantListResponse }),
  lookup: endpoint('GET', `${TENANTS}/lookup`, {
    query: zTenantLookupRequest,
    response: zTenantLookupResponse,
  }),
  create: endpoint('POST', TENANTS, { body: zCreateTenantRequest(), response: zTenant }),
  update: endpoint('PUT', `${TENANTS}/:id`, { body: zUpdateTenantRequest, response: zTenant }),
  delete: endpoint('DELETE', `${TENANTS}/:id`, { response: zNoContent }),
  features: endpoint('GET', `${TENANTS}/:id/features`, { response: zTenantFeaturesResponse }),
  updateFeatures: endpoint('PUT', `${TENANTS}/:id/features`, {
    body: zUpdateTenantFeaturesRequest,
    response: zTenantFeaturesResponse,
  }),
  nationalLogin: endpoint('GET', `${TENANTS}/:id/national-login`, { response: zNationalLoginBroker }),
  saveNationalLogin: endpoint('PUT', `${TENANTS}/:id/national-login`, {
    body: zSaveNationalLoginBrokerRequest,
    response: zNationalLoginBroker,
  }),
});

/** Each setting group has routes of its own (`/api/setting-management/identity`, ...). */
function settingGroupEndpoints<TGroup extends SettingGroup>(group: TGroup) {
  return endpointGroup(`settings.${group}`, {
    get: endpoint('GET', `${SETTINGS}/${group}`, { response: zSettingGroupResponse }),
    update: endpoint('PUT', `${SETTINGS}/${group}`, {
      body: zUpdateSettingsRequest,
      response: zSettingGroupResponse,
    }),
  });
}

export const settingEndpoints = {
  ...(Object.fromEntries(SETTING_GROUPS.map((group) => [group, settingGroupEndpoints(group)])) as {
    [TGroup in SettingGroup]: ReturnType<typeof settingGroupEndpoints<TGroup>>;
  }),
  ...endpointGroup('settings', {
    sendTestEmail: endpoint('POST', `${SETTINGS}/emailing/send-test-email`, {
      body: zSendTestEmailRequest,
      response: zNoContent,
    }),
  }),
};

export const languageEndpoints = endpointGroup('languages', {
  list: endpoint('GET', LANGUAGES, { query: zPagedRequest, response: zLanguageListResponse }),
  all: endpoint('GET', `${LANGUAGES}/all`, { response: zAllLanguagesResponse }),
  create: endpoint('POST', LANGUAGES, { body: zCreateLanguageRequest, response: zLanguage }),
  update: endpoint('PUT', `${LANGUAGES}/:id`, { body: zUpdateLanguageRequest, response: zLanguage }),
  delete: endpoint('DELETE', `${LANGUAGES}/:id`, { response: zNoContent }),
  setDefault: endpoint('PUT', `${LANGUAGES}/:id/set-default`, { response: zLanguage }),
  cultures: endpoint('GET', '/api/language-management/culture-list', {
    query: zCultureListRequest,
    response: zCultureListResponse,
  }),
  resources: endpoint('GET', '/api/language-management/resources', { response: zTextResourcesResponse }),
  texts: endpoint('GET', TEXTS, { query: zLanguageTextListRequest, response: zLanguageTextListResponse }),
  updateText: endpoint('PUT', `${TEXTS}/:cultureName/:namespace/:key`, {
    body: zUpdateLanguageTextRequest,
    response: zLanguageText,
  }),
  restoreText: endpoint('PUT', `${TEXTS}/:cultureName/:namespace/:key/restore`, { response: zLanguageText }),
});

export const auditLogEndpoints = endpointGroup('auditLogs', {
  list: endpoint('GET', '/api/audit-logs', { query: zAuditLogListRequest, response: zAuditLogListResponse }),
  get: endpoint('GET', '/api/audit-logs/:id', { response: zAuditLogDetail }),
  entityChanges: endpoint('GET', '/api/audit-logs/entity-changes', {
    query: zEntityChangeListRequest,
    response: zEntityChangeListResponse,
  }),
});
