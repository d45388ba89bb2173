import {
  ALARM_RECEIVER_CANDIDATES_MAX,
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
  await repository.replaceAlarmReceivers(ctx.db, ctx.tenantId, citizenId, receivers);
  return getCitizen(ctx, citizenId);
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
