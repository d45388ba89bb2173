import {
  ALARM_CHANNELS,
  ALARM_RECEIVER_CANDIDATES_MAX,
  type AlarmChannel,
  CITIZEN_MESSAGE_KEYS,
  type AlarmReceiverCandidates,
  type Citizen,
  type zReplaceAlarmReceiversRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { fieldError } from '../../platform/errors/field-errors';
import * as repository from './alarm-receivers.repository';
import { requireCitizen } from './citizen-links.service';
import { getCitizen, type CitizenContext } from './citizens.service';

/** A citizen's alarm receivers (escalation order) and the people who can be one. */

type AlarmReceiverInput = z.output<typeof zReplaceAlarmReceiversRequest>['receivers'][number];

/** Replaces the receivers in the order given; each must be the tenant's, and listed once. */
export async function replaceAlarmReceivers(
  ctx: CitizenContext,
  citizenId: string,
  receivers: AlarmReceiverInput[],
): Promise<Citizen> {
  await requireCitizen(ctx, citizenId);
  const userIds = await repository.findUserIds(
    ctx.db,
    ctx.tenantId,
    receivers.flatMap((receiver) => (receiver.userId ? [receiver.userId] : [])),
  );
  const contactIds = await repository.findContactPersonIds(
    ctx.db,
    ctx.tenantId,
    receivers.flatMap((receiver) => (receiver.contactPersonId ? [receiver.contactPersonId] : [])),
  );
  const seen = new Set<string>();
  receivers.forEach((receiver, index) => {
    const field = receiver.kind === 'user' ? 'userId' : 'contactPersonId';
    const id = (receiver.userId ?? receiver.contactPersonId)!;
    const known = receiver.kind === 'user' ? userIds.has(id) : contactIds.has(id);
    if (!known) throw fieldError(`receivers.${index}.${field}`, CITIZEN_MESSAGE_KEYS.unknownReceiver);
    if (seen.has(id)) throw fieldError(`receivers.${index}.${field}`, CITIZEN_MESSAGE_KEYS.duplicateReceiver);
    seen.add(id);
  });
  const addresses = await repository.findReceiverAddresses(
    ctx.db,
    ctx.tenantId,
    [...userIds],
    [...contactIds],
  );
  const values = receivers.map((receiver, index) => ({
    ...receiver,
    channels: receiverChannels(
      receiver,
      addresses.get((receiver.userId ?? receiver.contactPersonId)!),
      index,
    ),
  }));
  await repository.replaceAlarmReceivers(ctx.db, ctx.tenantId, citizenId, values);
  return getCitizen(ctx, citizenId);
}

/** Why each channel cannot reach a receiver lacking its address. */
const CHANNEL_NEEDS: Record<AlarmChannel, string> = {
  push: CITIZEN_MESSAGE_KEYS.pushNeedsUser,
  sms: CITIZEN_MESSAGE_KEYS.smsNeedsPhone,
  email: CITIZEN_MESSAGE_KEYS.emailNeedsAddress,
};

/**
 * The receiver's channels in fallback order: the chosen ones, each of which must have its address
 * (push a user, SMS a phone, e-mail an address), or by default every channel that has one.
 */
function receiverChannels(
  receiver: AlarmReceiverInput,
  address: { phone: string; email: string } | undefined,
  index: number,
): AlarmChannel[] {
  const usable = (channel: AlarmChannel) =>
    channel === 'push' ? receiver.kind === 'user' : channel === 'sms' ? !!address?.phone : !!address?.email;
  if (!receiver.channels) return ALARM_CHANNELS.filter(usable);
  const unusable = receiver.channels.find((channel) => !usable(channel));
  if (unusable) throw fieldError(`receivers.${index}.channels`, CHANNEL_NEEDS[unusable]);
  return ALARM_CHANNELS.filter((channel) => receiver.channels!.includes(channel));
}

/** The picker's choices: the tenant's active users first, then its contact people. */
export async function listAlarmReceiverCandidates(
  ctx: CitizenContext,
  filter: string | undefined,
): Promise<AlarmReceiverCandidates> {
  const { userRows, contactRows } = await repository.findAlarmReceiverCandidates(
    ctx.db,
    ctx.tenantId,
    filter,
    ALARM_RECEIVER_CANDIDATES_MAX,
  );
  return {
    items: [
      ...userRows.map((row) => ({ kind: 'user' as const, ...row, customerName: null })),
      ...contactRows.map((row) => ({ kind: 'contactPerson' as const, ...row })),
    ],
  };
}
