import { zBatteryLevelRequest, zBatteryLevels } from '../battery-levels';
import {
  zCommandTemplate,
  zCommandTemplateListRequest,
  zCommandTemplateListResponse,
  zSaveCommandTemplateRequest,
} from '../command-templates';
import { zDeviceBatchRequest, zDeviceBatchResult } from '../device-batch';
import {
  zDeviceCommand,
  zDeviceCommandListRequest,
  zDeviceCommandListResponse,
  zDeviceMqttSecret,
  zDeviceTerminal,
  zSendDeviceCommandRequest,
} from '../device-commands';
import {
  zAdministeredDevice,
  zAdministeredDeviceList,
  zAdministeredDeviceListRequest,
  zChangePhysicalLocationRequest,
  zDeviceHistoryList,
  zDeviceHistoryRequest,
  zExchangeDeviceRequest,
  zExchangeDeviceResponse,
  zStopDeviceRequest,
  zUpdateDeviceConditionRequest,
  zUpdateDeviceSaleRequest,
} from '../device-administration';
import {
  zConnectDeviceRequest,
  zConnectedDevice,
  zConnectedDeviceList,
  zDeviceActivationCode,
  zRenameConnectedDeviceRequest,
} from '../device-connection';
import {
  zDevice,
  zDeviceList,
  zDeviceListRequest,
  zDeviceOrganizationOptions,
  zDeviceProductOptions,
  zDeviceSummary,
  zRegisterDeviceRequest,
  zUpdateDeviceRequest,
} from '../devices';
import { zLookupRequest, zLookupResponse } from '../organizations';
import {
  zDeactivateSimcardsRequest,
  zDeactivateSimcardsResult,
  zPairSimcardsRequest,
  zPairSimcardsResult,
  zSaveSimcardRequest,
  zSimcard,
  zSimcardListRequest,
  zSimcardListResponse,
  zSimcardUploadRequest,
  zSimcardUploadResult,
} from '../simcards';
import { zPagedRequest } from '../users';
import {
  zSaveWifiNetworkRequest,
  zWifiNetwork,
  zWifiNetworkListRequest,
  zWifiNetworkListResponse,
} from '../wifi-networks';
import { BLOB, endpoint, endpointGroup, zNoContent } from './endpoint';

/** Watches: the device register, their terminal, administration, household connection, SIM cards. */

const DEVICES = '/api/devices';
const ADMINISTRATION = '/api/device-administration/devices';
const CONNECTION = '/api/device-connection';
const SIMCARDS = '/api/simcards';
const WIFIS = '/api/wifis';
const COMMAND_TEMPLATES = '/api/command-templates';

export const deviceEndpoints = endpointGroup('devices', {
  list: endpoint('GET', DEVICES, { query: zDeviceListRequest, response: zDeviceList }),
  export: endpoint('GET', `${DEVICES}/export`, { query: zDeviceListRequest, response: BLOB }),
  exportActivationCodes: endpoint('GET', `${DEVICES}/activation-codes/export`, {
    query: zDeviceListRequest,
    response: BLOB,
  }),
  summary: endpoint('GET', `${DEVICES}/summary`, { response: zDeviceSummary }),
  organizationOptions: endpoint('GET', `${DEVICES}/organization-options`, {
    response: zDeviceOrganizationOptions,
  }),
  productOptions: endpoint('GET', `${DEVICES}/product-options`, { response: zDeviceProductOptions }),
  register: endpoint('POST', DEVICES, { body: zRegisterDeviceRequest, response: zDevice }),
  registerBatch: endpoint('POST', `${DEVICES}/batch`, {
    body: zDeviceBatchRequest,
    response: zDeviceBatchResult,
  }),
  update: endpoint('PUT', `${DEVICES}/:id`, { body: zUpdateDeviceRequest, response: zDevice }),
  delete: endpoint('DELETE', `${DEVICES}/:id`, { response: zNoContent }),
  activationCode: endpoint('GET', `${DEVICES}/:id/activation-code`, { response: zDeviceActivationCode }),
  renewActivationCode: endpoint('POST', `${DEVICES}/:id/activation-code`, {
    response: zDeviceActivationCode,
  }),
  batteryLevels: endpoint('GET', `${DEVICES}/:id/battery-levels`, {
    query: zBatteryLevelRequest,
    response: zBatteryLevels,
  }),
});

export const deviceTerminalEndpoints = endpointGroup('deviceTerminal', {
  get: endpoint('GET', `${DEVICES}/:id/terminal`, { response: zDeviceTerminal }),
  commands: endpoint('GET', `${DEVICES}/:id/commands`, {
    query: zDeviceCommandListRequest,
    response: zDeviceCommandListResponse,
  }),
  sendCommand: endpoint('POST', `${DEVICES}/:id/commands`, {
    body: zSendDeviceCommandRequest,
    response: zDeviceCommand,
  }),
  requestPosition: endpoint('POST', `${DEVICES}/:id/request-position`, { response: zDeviceCommand }),
  requestHistory: endpoint('POST', `${DEVICES}/:id/request-history`, { response: zDeviceCommand }),
  issueMqttSecret: endpoint('POST', `${DEVICES}/:id/mqtt-secret`, { response: zDeviceMqttSecret }),
});

export const deviceAdministrationEndpoints = endpointGroup('deviceAdministration', {
  list: endpoint('GET', ADMINISTRATION, {
    query: zAdministeredDeviceListRequest,
    response: zAdministeredDeviceList,
  }),
  get: endpoint('GET', `${ADMINISTRATION}/:id`, { response: zAdministeredDevice }),
  history: endpoint('GET', `${ADMINISTRATION}/:id/history`, {
    query: zDeviceHistoryRequest,
    response: zDeviceHistoryList,
  }),
  exchangeCandidates: endpoint('GET', `${ADMINISTRATION}/:id/exchange-candidates`, {
    query: zPagedRequest,
    response: zAdministeredDeviceList,
  }),
  changeLocation: endpoint('PUT', `${ADMINISTRATION}/:id/location`, {
    body: zChangePhysicalLocationRequest,
    response: zAdministeredDevice,
  }),
  updateSale: endpoint('PUT', `${ADMINISTRATION}/:id/sale`, {
    body: zUpdateDeviceSaleRequest,
    response: zAdministeredDevice,
  }),
  updateCondition: endpoint('PUT', `${ADMINISTRATION}/:id/condition`, {
    body: zUpdateDeviceConditionRequest,
    response: zAdministeredDevice,
  }),
  stop: endpoint('POST', `${ADMINISTRATION}/:id/stop`, {
    body: zStopDeviceRequest,
    response: zAdministeredDevice,
  }),
  exchange: endpoint('POST', `${ADMINISTRATION}/:id/exchange`, {
    body: zExchangeDeviceRequest,
    response: zExchangeDeviceResponse,
  }),
});

export const deviceConnectionEndpoints = endpointGroup('deviceConnection', {
  list: endpoint('GET', CONNECTION, { response: zConnectedDeviceList }),
  connect: endpoint('POST', CONNECTION, { body: zConnectDeviceRequest, response: zConnectedDevice }),
  rename: endpoint('PUT', `${CONNECTION}/:id`, {
    body: zRenameConnectedDeviceRequest,
    response: zConnectedDevice,
  }),
  disconnect: endpoint('DELETE', `${CONNECTION}/:id`, { response: zNoContent }),
});

export const simcardEndpoints = endpointGroup('simcards', {
  list: endpoint('GET', SIMCARDS, { query: zSimcardListRequest, response: zSimcardListResponse }),
  create: endpoint('POST', SIMCARDS, { body: zSaveSimcardRequest, response: zSimcard }),
  update: endpoint('PUT', `${SIMCARDS}/:id`, { body: zSaveSimcardRequest, response: zSimcard }),
  deactivate: endpoint('POST', `${SIMCARDS}/:id/deactivate`, { response: zSimcard }),
  deactivateMany: endpoint('POST', `${SIMCARDS}/deactivate`, {
    body: zDeactivateSimcardsRequest,
    response: zDeactivateSimcardsResult,
  }),
  upload: endpoint('POST', `${SIMCARDS}/upload`, {
    body: zSimcardUploadRequest,
    response: zSimcardUploadResult,
  }),
  pair: endpoint('POST', `${SIMCARDS}/pair`, { body: zPairSimcardsRequest, response: zPairSimcardsResult }),
});

export const wifiNetworkEndpoints = endpointGroup('wifiNetworks', {
  list: endpoint('GET', WIFIS, { query: zWifiNetworkListRequest, response: zWifiNetworkListResponse }),
  export: endpoint('GET', `${WIFIS}/export`, { query: zWifiNetworkListRequest, response: BLOB }),
  create: endpoint('POST', WIFIS, { body: zSaveWifiNetworkRequest, response: zWifiNetwork }),
  update: endpoint('PUT', `${WIFIS}/:id`, { body: zSaveWifiNetworkRequest, response: zWifiNetwork }),
  delete: endpoint('DELETE', `${WIFIS}/:id`, { response: zNoContent }),
});

export const commandTemplateEndpoints = endpointGroup('commandTemplates', {
  list: endpoint('GET', COMMAND_TEMPLATES, {
    query: zCommandTemplateListRequest,
    response: zCommandTemplateListResponse,
  }),
  productLookup: endpoint('GET', `${COMMAND_TEMPLATES}/product-lookup`, {
    query: zLookupRequest,
    response: zLookupResponse,
  }),
  create: endpoint('POST', COMMAND_TEMPLATES, {
    body: zSaveCommandTemplateRequest,
    response: zCommandTemplate,
  }),
  update: endpoint('PUT', `${COMMAND_TEMPLATES}/:id`, {
    body: zSaveCommandTemplateRequest,
    response: zCommandTemplate,
  }),
  delete: endpoint('DELETE', `${COMMAND_TEMPLATES}/:id`, { response: zNoContent }),
});
