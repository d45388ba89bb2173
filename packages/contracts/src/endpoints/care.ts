import {
  zAlarmText,
  zAlarmTextListRequest,
  zAlarmTextListResponse,
  zAlarmTextPreview,
  zPreviewAlarmTextRequest,
  zSaveAlarmTextRequest,
} from '../alarm-texts';
import {
  zAlarmReceiverCandidates,
  zAlarmReceiverCandidatesRequest,
  zReplaceAlarmReceiversRequest,
} from '../alarm-receivers';
import {
  zAlarmDetail,
  zAlarmListRequest,
  zAlarmListResponse,
  zAlarmStatistics,
  zAlarmStatisticsRequest,
  zHandleAlarmRequest,
} from '../alarms';
import { zCitizenRoute, zCitizenRouteRequest } from '../citizen-route';
import {
  zAvailableDevices,
  zCitizen,
  zCitizenList,
  zCitizenListRequest,
  zCreateCitizenWizardRequest,
  zReplaceCitizenDevicesRequest,
  zReplaceCitizenGeofencesRequest,
  zUpdateCitizenDeviceSettingsRequest,
  zUpdateCitizenRequest,
} from '../citizens';
import {
  zContactPerson,
  zContactPersonListRequest,
  zContactPersonListResponse,
  zContactRoleListResponse,
  zSaveContactPersonRequest,
} from '../contact-people';
import { zGeofence, zGeofenceList, zSaveGeofenceRequest } from '../geofences';
import { zLiveMap } from '../live-map';
import {
  zCreateMessageRequest,
  zMessageListRequest,
  zMessageListResponse,
  zMessagesForMeRequest,
  zMessagesForMeResponse,
  zScheduledMessage,
} from '../messages';
import { zLookupRequest, zLookupResponse } from '../organizations';
import { zPagedRequest } from '../users';
import { zVitalThresholds, zVitalThresholdsRequest, zVitals, zVitalsRequest } from '../vitals';
import { endpoint, endpointGroup, zNoContent } from './endpoint';

/** Care operations: citizens, their vitals and route, geofences, alarms, alarm texts, messages. */

const CITIZENS = '/api/citizens';
const GEOFENCES = '/api/geofences';
const ALARMS = '/api/alarms';
const ALARM_TEXTS = '/api/alarm-texts';
const MESSAGES = '/api/messages';
const CONTACT_PEOPLE = '/api/contact-people';

export const citizenEndpoints = endpointGroup('citizens', {
  list: endpoint('GET', CITIZENS, { query: zCitizenListRequest, response: zCitizenList }),
  get: endpoint('GET', `${CITIZENS}/:id`, { response: zCitizen }),
  create: endpoint('POST', `${CITIZENS}/wizard`, { body: zCreateCitizenWizardRequest, response: zCitizen }),
  update: endpoint('PUT', `${CITIZENS}/:id`, { body: zUpdateCitizenRequest, response: zCitizen }),
  delete: endpoint('DELETE', `${CITIZENS}/:id`, { response: zNoContent }),
  availableDevices: endpoint('GET', `${CITIZENS}/available-devices`, {
    query: zPagedRequest,
    response: zAvailableDevices,
  }),
  alarmReceiverCandidates: endpoint('GET', `${CITIZENS}/alarm-receiver-candidates`, {
    query: zAlarmReceiverCandidatesRequest,
    response: zAlarmReceiverCandidates,
  }),
  replaceDevices: endpoint('PUT', `${CITIZENS}/:id/devices`, {
    body: zReplaceCitizenDevicesRequest,
    response: zCitizen,
  }),
  updateDeviceSettings: endpoint('PUT', `${CITIZENS}/:id/devices/:deviceId/settings`, {
    body: zUpdateCitizenDeviceSettingsRequest,
    response: zCitizen,
  }),
  replaceGeofences: endpoint('PUT', `${CITIZENS}/:id/geofences`, {
    body: zReplaceCitizenGeofencesRequest,
    response: zCitizen,
  }),
  replaceAlarmReceivers: endpoint('PUT', `${CITIZENS}/:id/alarm-receivers`, {
    body: zReplaceAlarmReceiversRequest,
    response: zCitizen,
  }),
  route: endpoint('GET', `${CITIZENS}/:id/route`, { query: zCitizenRouteRequest, response: zCitizenRoute }),
  vitals: endpoint('GET', `${CITIZENS}/:id/vitals`, { query: zVitalsRequest, response: zVitals }),
  vitalThresholds: endpoint('GET', `${CITIZENS}/:id/vital-thresholds`, { response: zVitalThresholds }),
  saveVitalThresholds: endpoint('PUT', `${CITIZENS}/:id/vital-thresholds`, {
    body: zVitalThresholdsRequest,
    response: zVitalThresholds,
  }),
});

export const geofenceEndpoints = endpointGroup('geofences', {
  list: endpoint('GET', GEOFENCES, { query: zPagedRequest, response: zGeofenceList }),
  create: endpoint('POST', GEOFENCES, { body: zSaveGeofenceRequest, response: zGeofence }),
  update: endpoint('PUT', `${GEOFENCES}/:id`, { body: zSaveGeofenceRequest, response: zGeofence }),
  delete: endpoint('DELETE', `${GEOFENCES}/:id`, { response: zNoContent }),
  citizens: endpoint('GET', `${GEOFENCES}/:id/citizens`, { query: zPagedRequest, response: zCitizenList }),
});

export const alarmEndpoints = endpointGroup('alarms', {
  list: endpoint('GET', ALARMS, { query: zAlarmListRequest, response: zAlarmListResponse }),
  statistics: endpoint('GET', `${ALARMS}/statistics`, {
    query: zAlarmStatisticsRequest,
    response: zAlarmStatistics,
  }),
  get: endpoint('GET', `${ALARMS}/:id`, { response: zAlarmDetail }),
  acknowledge: endpoint('POST', `${ALARMS}/:id/acknowledge`, { response: zAlarmDetail }),
  handle: endpoint('POST', `${ALARMS}/:id/handle`, { body: zHandleAlarmRequest, response: zAlarmDetail }),
  citizenLookup: endpoint('GET', `${ALARMS}/citizen-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
  organizationLookup: endpoint('GET', `${ALARMS}/organization-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
});

export const alarmTextEndpoints = endpointGroup('alarmTexts', {
  list: endpoint('GET', ALARM_TEXTS, { query: zAlarmTextListRequest, response: zAlarmTextListResponse }),
  save: endpoint('PUT', `${ALARM_TEXTS}/:kind/:language`, {
    body: zSaveAlarmTextRequest,
    response: zAlarmText,
  }),
  restoreDefault: endpoint('DELETE', `${ALARM_TEXTS}/:kind/:language`, { response: zAlarmText }),
  preview: endpoint('POST', `${ALARM_TEXTS}/preview`, {
    body: zPreviewAlarmTextRequest,
    response: zAlarmTextPreview,
  }),
});

export const messageEndpoints = endpointGroup('messages', {
  forMe: endpoint('GET', `${MESSAGES}/for-me`, {
    query: zMessagesForMeRequest,
    response: zMessagesForMeResponse,
  }),
  markRead: endpoint('POST', `${MESSAGES}/:id/read`, { response: zNoContent }),
  list: endpoint('GET', MESSAGES, { query: zMessageListRequest, response: zMessageListResponse }),
  create: endpoint('POST', MESSAGES, { body: zCreateMessageRequest, response: zScheduledMessage }),
  cancel: endpoint('POST', `${MESSAGES}/:id/cancel`, { response: zScheduledMessage }),
  userLookup: endpoint('GET', `${MESSAGES}/user-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
  organizationUnitLookup: endpoint('GET', `${MESSAGES}/organization-unit-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
});

export const contactPersonEndpoints = endpointGroup('contactPeople', {
  list: endpoint('GET', CONTACT_PEOPLE, {
    query: zContactPersonListRequest,
    response: zContactPersonListResponse,
  }),
  create: endpoint('POST', CONTACT_PEOPLE, { body: zSaveContactPersonRequest, response: zContactPerson }),
  update: endpoint('PUT', `${CONTACT_PEOPLE}/:id`, {
    body: zSaveContactPersonRequest,
    response: zContactPerson,
  }),
  delete: endpoint('DELETE', `${CONTACT_PEOPLE}/:id`, { response: zNoContent }),
  roles: endpoint('GET', '/api/contact-roles', { response: zContactRoleListResponse }),
});

export const liveMapEndpoints = endpointGroup('liveMap', {
  get: endpoint('GET', '/api/live-map', { response: zLiveMap }),
});
