import {
  DEVICE_COMMAND_MESSAGE_KEYS,
  COMMAND_TEMPLATE_MESSAGE_KEYS,
  DEVICE_PROTOCOLS,
  REQUEST_HISTORY_COMMAND,
  REQUEST_POSITION_COMMAND,
  SENDABLE_COMMAND_PATTERN,
  isCommandValueValid,
  renderCommandText,
  type DeviceCommand,
  type DeviceCommandListResponse,
  type DeviceMqttSecret,
  type DeviceProtocol,
  type DeviceTerminal,
  type ValidationError,
} from '@homeward/contracts';
import { z } from 'zod';
import { isoTime } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import { enqueueSms } from '../../platform/outbox/outbox';
import type { Database } from '../../platform/db/database';
import type { CommandTemplateRow } from '../command-templates/command-templates.schema';
import { createDeviceSecret, hashDeviceSecret, setDeviceMqttSecretHash } from '../devices';
import type { CommandDelivery } from './command-delivery';
import { publishDeviceCommandEvent } from './device-command-events';
import { queueDeviceCommand } from './device-command-queue.repository';
import type { DeviceCommandRow } from './device-commands.schema';
import * as repository from './device-commands.repository';

/**
 * The device terminal (spec §7): the device's info, its command history, and sending commands
 * from templates or the built-in position and history requests. A command is queued in the
 * request transaction; its `queued` event (sent on commit) lets command delivery on whichever
 * node reaches the device send it at once. A text-message template goes by SMS through the outbox.
 */

type TerminalContext = Pick<RequestContext, 'db' | 'tenantId' | 'now'>;

/**
 * The protocol the device last reported over, or null: telemetry's positions, handed in at
 * composition (`buildApp`) so this module does not depend on the pipeline that depends on it.
 */
export type FindLastProtocol = (
  db: Database,
  tenantId: string | null,
  deviceId: string,
) => Promise<string | null>;

export function toDeviceCommand(row: DeviceCommandRow, templateName: string | null): DeviceCommand {
  return {
    id: row.id,
    deviceId: row.deviceId,
    command: row.command,
    status: row.status,
    channel: row.channel,
    templateId: row.templateId,
    templateName,
    failureReason: row.failureReason,
    createdAt: isoTime(row.createdAt),
    sentAt: isoTime(row.sentAt),
    acknowledgedAt: isoTime(row.acknowledgedAt),
    failedAt: isoTime(row.failedAt),
  };
}

async function requireDevice(ctx: TerminalContext, deviceId: string) {
  const device = await repository.findTerminalDevice(ctx.db, ctx.tenantId, deviceId);
  if (!device) throw new DomainError('not_found');
  return device;
}

const zProtocol = z.enum(DEVICE_PROTOCOLS);

export async function getDeviceTerminal(
  ctx: TerminalContext,
  deviceId: string,
  delivery: Pick<CommandDelivery, 'isWatchConnected'>,
  findLastProtocol: FindLastProtocol,
): Promise<DeviceTerminal> {
  const device = await requireDevice(ctx, deviceId);
  const lastProtocol = zProtocol.safeParse(await findLastProtocol(ctx.db, ctx.tenantId, deviceId));
  const protocol: DeviceProtocol | null = lastProtocol.success
    ? lastProtocol.data
    : device.mqttSecretHash
      ? 'mqtt'
      : null;
  const watchConnected = delivery.isWatchConnected([device.deviceIdentifier, device.imei]);
  return {
    id: device.id,
    name: device.name,
    imei: device.imei,
    deviceIdentifier: device.deviceIdentifier,
    productId: device.productId,
    productName: device.productName,
    status: device.status,
    lastSeenAt: isoTime(device.lastSeenAt),
    batteryLevel: device.battery,
    phoneNumber: device.phoneNumber,
    protocol,
    // Only a watch connection is known here; another node may hold it, so "not here" is unknown.
    connected: watchConnected ? true : null,
    hasMqttSecret: device.mqttSecretHash !== null,
  };
}

/**
 * Issues a new MQTT secret for the device (its user name on the broker is the IMEI): the old one
 * stops working at once, and only the new one's hash is stored.
 */
export async function issueMqttSecret(ctx: TerminalContext, deviceId: string): Promise<DeviceMqttSecret> {
  const device = await requireDevice(ctx, deviceId);
  const secret = createDeviceSecret();
  await setDeviceMqttSecretHash(ctx.db, ctx.tenantId, device.id, await hashDeviceSecret(secret));
  return { userName: device.imei, secret };
}

export async function listDeviceCommands(
  ctx: TerminalContext,
  deviceId: string,
  page: { skipCount: number; maxResultCount: number },
): Promise<DeviceCommandListResponse> {
  await requireDevice(ctx, deviceId);
  const { items, totalCount } = await repository.findDeviceCommandPage(ctx.db, ctx.tenantId, deviceId, page);
  return { items: items.map((item) => toDeviceCommand(item.command, item.templateName)), totalCount };
}

/** Field errors `values.<name>` for missing values and values that do not fit their input type. */
function valueErrors(template: CommandTemplateRow, values: Record<string, string>): ValidationError[] {
  return template.variables.flatMap((variable): ValidationError[] => {
    const value = values[variable.name]?.trim() ?? '';
    const field = `values.${variable.name}`;
    if (value === '') return [{ field, message: COMMAND_TEMPLATE_MESSAGE_KEYS.variableValueRequired }];
    if (!isCommandValueValid(variable.inputType, value)) {
      return [{ field, message: COMMAND_TEMPLATE_MESSAGE_KEYS.variableValueInvalid }];
    }
    return [];
  });
}

export async function sendDeviceCommand(
  ctx: TerminalContext,
  deviceId: string,
  input: { templateId: string; values: Record<string, string> },
): Promise<DeviceCommand> {
  const device = await requireDevice(ctx, deviceId);
  const template = await repository.findCommandTemplate(ctx.db, ctx.tenantId, input.templateId);
  if (!template || (template.productId !== null && template.productId !== device.productId)) {
    throw fieldError('templateId', DEVICE_COMMAND_MESSAGE_KEYS.templateNotFound);
  }
  const errors = valueErrors(template, input.values);
  if (errors.length > 0) throw new DomainError('validation_failed', undefined, undefined, errors);
  const trimmed = Object.fromEntries(
    Object.entries(input.values).map(([name, value]) => [name, value.trim()]),
  );
  const text = renderCommandText(template.commandText, trimmed);
  const now = ctx.now();
  if (template.isTextMessage) {
    if (!device.phoneNumber) throw fieldError('templateId', DEVICE_COMMAND_MESSAGE_KEYS.noPhoneNumber);
    // Handed to the outbox in this transaction: `sent` (an SMS has no answer channel).
    await enqueueSms(ctx.db, { tenantId: ctx.tenantId, to: device.phoneNumber, body: text });
    const row = await queueDeviceCommand(ctx.db, {
      tenantId: ctx.tenantId,
      deviceId,
      command: text,
      templateId: template.id,
      status: 'sent',
      channel: 'sms',
      createdAt: now,
      sentAt: now,
    });
    await publishDeviceCommandEvent(ctx.db, row, device.organizationId);
    return toDeviceCommand(row, template.name);
  }
  if (!SENDABLE_COMMAND_PATTERN.test(text)) {
    throw fieldError('templateId', DEVICE_COMMAND_MESSAGE_KEYS.commandNotSendable);
  }
  return queueCommand(ctx, device, text, template);
}

/** Asks the device for its position now (a watch: `CR`). */
export async function requestPosition(ctx: TerminalContext, deviceId: string): Promise<DeviceCommand> {
  return queueCommand(ctx, await requireDevice(ctx, deviceId), REQUEST_POSITION_COMMAND, null);
}

/** Asks the device for the positions it stored (a watch: `UPLOAD,60`, see the contract). */
export async function requestHistory(ctx: TerminalContext, deviceId: string): Promise<DeviceCommand> {
  return queueCommand(ctx, await requireDevice(ctx, deviceId), REQUEST_HISTORY_COMMAND, null);
}

async function queueCommand(
  ctx: TerminalContext,
  device: repository.TerminalDeviceRow,
  text: string,
  template: CommandTemplateRow | null,
): Promise<DeviceCommand> {
  const row = await queueDeviceCommand(ctx.db, {
    tenantId: ctx.tenantId,
    deviceId: device.id,
    command: text,
    templateId: template?.id ?? null,
    createdAt: ctx.now(),
  });
  await publishDeviceCommandEvent(ctx.db, row, device.organizationId);
  return toDeviceCommand(row, template?.name ?? null);
}
