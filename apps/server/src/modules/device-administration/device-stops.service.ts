import {
  DEVICE_ADMINISTRATION_MESSAGE_KEYS,
  DEVICE_STOP_EFFECTS,
  physicalLocationOf,
  type AdministeredDevice,
  type zStopDeviceRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import { endSubscriptionOfStoppedDevice, pauseSubscriptionOfStoppedDevice } from '../billing';
import * as repository from './device-administration.repository';
import { authorOf, getAdministeredDevice, type AdministrationContext } from './device-administration.service';
import { changePhysicalLocation, recordDeviceHistory } from './physical-location';

/**
 * Stopping a watch (spec §4) as lost, awaiting return, returned or customer device, in one
 * transaction with the effects of `DEVICE_STOP_EFFECTS`: the citizen link ends (and the citizen's
 * app settings for the watch go), the watch is marked stopped (no more offline alarms), its
 * subscription is paused or ended, and it moves to the stop's physical location. A watch already
 * there stays (the stop is still recorded); a move the transition table refuses is a 409.
 * Stopping again with another kind is allowed (awaiting return, then returned when it arrives).
 */
export async function stopDevice(
  ctx: AdministrationContext,
  id: string,
  input: z.output<typeof zStopDeviceRequest>,
): Promise<AdministeredDevice> {
  await ctx.db.transaction(async (tx) => {
    const device = await repository.lockDevice(tx, ctx.tenantId, id);
    if (!device) throw new DomainError('not_found');
    if (device.stoppedAs === input.kind) {
      throw new DomainError('conflict', DEVICE_ADMINISTRATION_MESSAGE_KEYS.alreadyStoppedAs);
    }
    const effects = DEVICE_STOP_EFFECTS[input.kind];
    const now = ctx.now();
    const step = { tenantId: ctx.tenantId, deviceId: id, note: input.note, changedBy: authorOf(ctx), now };
    const from = physicalLocationOf(device.physicalLocation);
    // The location first: a refused move leaves everything else as it was.
    if (from === effects.location) {
      await recordDeviceHistory(tx, {
        ...step,
        kind: 'stop',
        stopKind: input.kind,
        fromLocation: from,
        toLocation: from,
      });
    } else {
      await changePhysicalLocation(tx, { ...step, to: effects.location, kind: 'stop', stopKind: input.kind });
    }
    await repository.updateDevice(tx, ctx.tenantId, id, {
      citizenId: null,
      stoppedAs: input.kind,
      stoppedAt: now,
      // A stopped watch is not offered for sale until someone checks it and says so.
      readyForSale: false,
      updatedAt: now,
    });
    await repository.deleteCitizenDeviceSettings(tx, ctx.tenantId, id);
    if (ctx.tenantId) {
      if (effects.subscription === 'paused') await pauseSubscriptionOfStoppedDevice(tx, ctx.tenantId, id);
      else await endSubscriptionOfStoppedDevice(tx, ctx.tenantId, id, now);
    }
  });
  return getAdministeredDevice(ctx, id);
}
