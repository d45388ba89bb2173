import {
  DEVICE_ADMINISTRATION_MESSAGE_KEYS,
  PHYSICAL_LOCATIONS,
  physicalLocationOf,
  type AdministeredDeviceList,
  type ExchangeDeviceResponse,
  type zExchangeDeviceRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { moveSubscriptionToDevice } from '../billing';
import * as repository from './device-administration.repository';
import {
  authorOf,
  getAdministeredDevice,
  toAdministeredDevice,
  type AdministrationContext,
} from './device-administration.service';
import { changePhysicalLocation } from './physical-location';

/**
 * The exchange (spec §4 "an exchange flow exists"): a citizen's watch is replaced by one from the
 * tenant's stock in one transaction. The replacement takes over the citizen link, the citizen's app
 * settings for the watch and the billing subscription; geofences and alarm receivers belong to the
 * citizen and so stay with it. The old watch is stopped as awaiting return. Any failure rolls the
 * whole exchange back: there is no half-done exchange.
 */

const replacementField = 'replacementDeviceId';

/** Two exchanges onto one stock watch at once: the live-subscription index stops the second. */
const UNIQUE_EXCHANGE_ERRORS = {
  billing_subscriptions_device_live_unique: {
    field: replacementField,
    message: DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementHasSubscription,
  },
};

export async function listExchangeCandidates(
  ctx: Pick<AdministrationContext, 'db' | 'tenantId'>,
  id: string,
  page: PageRequest,
): Promise<AdministeredDeviceList> {
  await getAdministeredDevice(ctx, id);
  const { items, totalCount } = await repository.findExchangeCandidates(ctx.db, ctx.tenantId, id, page);
  return { items: items.map(toAdministeredDevice), totalCount };
}

export async function exchangeDevice(
  ctx: AdministrationContext,
  id: string,
  input: z.output<typeof zExchangeDeviceRequest>,
): Promise<ExchangeDeviceResponse> {
  const replacementId = input.replacementDeviceId;
  if (replacementId === id)
    throw fieldError(replacementField, DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementSameDevice);
  await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        // Always lock in id order, so two exchanges over the same pair cannot deadlock.
        const [first, second] = [id, replacementId].sort();
        const locked = [
          await repository.lockDevice(tx, ctx.tenantId, first!),
          await repository.lockDevice(tx, ctx.tenantId, second!),
        ];
        const old = locked.find((device) => device?.id === id);
        const replacement = locked.find((device) => device?.id === replacementId);
        if (!old) throw new DomainError('not_found');
        if (!old.citizenId) throw new DomainError('conflict', DEVICE_ADMINISTRATION_MESSAGE_KEYS.noCitizen);
        if (!replacement)
          throw fieldError(replacementField, DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementNotInStock);
        if (physicalLocationOf(replacement.physicalLocation) !== PHYSICAL_LOCATIONS.inStock) {
          throw fieldError(replacementField, DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementNotInStock);
        }
        if (!replacement.readyForSale) {
          throw fieldError(replacementField, DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementNotReady);
        }
        if (replacement.citizenId) {
          throw fieldError(replacementField, DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementInUse);
        }

        const now = ctx.now();
        const citizenId = old.citizenId;
        const step = {
          tenantId: ctx.tenantId,
          note: input.note,
          changedBy: authorOf(ctx),
          now,
          kind: 'exchange' as const,
        };
        // The old watch leaves the citizen first: a citizen link is one watch per row, never two at once.
        await repository.updateDevice(tx, ctx.tenantId, id, {
          citizenId: null,
          stoppedAs: 'awaitingReturn',
          stoppedAt: now,
          updatedAt: now,
        });
        await repository.updateDevice(tx, ctx.tenantId, replacementId, {
          citizenId,
          stoppedAs: null,
          stoppedAt: null,
          readyForSale: false,
          updatedAt: now,
        });
        await repository.moveCitizenDeviceSettings(tx, ctx.tenantId, citizenId, id, replacementId);
        if (ctx.tenantId) await moveSubscriptionToDevice(tx, ctx.tenantId, id, replacementId);
        await changePhysicalLocation(tx, {
          ...step,
          deviceId: replacementId,
          to: PHYSICAL_LOCATIONS.atCustomer,
          otherDeviceId: id,
        });
        await changePhysicalLocation(tx, {
          ...step,
          deviceId: id,
          to: PHYSICAL_LOCATIONS.awaitingReturn,
          otherDeviceId: replacementId,
        });
      }),
    UNIQUE_EXCHANGE_ERRORS,
  );
  return {
    previous: await getAdministeredDevice(ctx, id),
    replacement: await getAdministeredDevice(ctx, replacementId),
  };
}
