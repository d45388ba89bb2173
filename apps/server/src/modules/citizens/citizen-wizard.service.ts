import {
  CITIZEN_MESSAGE_KEYS,
  type Citizen,
  type Geofence,
  type zCreateCitizenWizardRequest,
  type zSaveGeofenceRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { fieldError } from '../../platform/errors/field-errors';
import { createGeofence } from '../geofences';
import { addHouseholdAlarmReceivers } from './alarm-receivers.repository';
import { checkDevices, checkGeofences, linkDevices } from './citizen-links.service';
import * as links from './citizen-links.repository';
import * as repository from './citizens.repository';
import { citizenColumns, getCitizen, withCprUnique, type CitizenContext } from './citizens.service';

type WizardInput = z.output<typeof zCreateCitizenWizardRequest>;

/** The parts of other features the wizard uses; a test swaps one to make a step fail. */
export interface CitizenWizardSteps {
  createGeofence(ctx: CitizenContext, input: z.output<typeof zSaveGeofenceRequest>): Promise<Geofence>;
}

export const CITIZEN_WIZARD_STEPS: CitizenWizardSteps = { createGeofence };

/**
 * `POST /api/citizens/wizard`: the four steps of the creation wizard, written in the request's one
 * transaction, so a failure anywhere (a refused link, the new geofence's insert) leaves nothing:
 * no citizen, no links, no settings, no geofence. Everything is checked before the first write.
 */
export async function createCitizenFromWizard(
  ctx: CitizenContext,
  input: WizardInput,
  steps: CitizenWizardSteps = CITIZEN_WIZARD_STEPS,
): Promise<Citizen> {
  // Step 1: information.
  const columns = await citizenColumns(ctx, input.information, 'information.');
  // Steps 2 and 3: the active panel's watches and the settings given for them.
  const deviceIds = [...new Set(input.deviceIds)];
  const found = await checkDevices(ctx, deviceIds, 'deviceIds');
  input.deviceSettings.forEach((entry, index) => {
    if (!deviceIds.includes(entry.deviceId)) {
      throw fieldError(`deviceSettings.${index}.deviceId`, CITIZEN_MESSAGE_KEYS.settingsDeviceNotLinked);
    }
  });
  // Step 4: existing geofences, and the one drawn in the wizard.
  const geofenceIds = [...new Set(input.geofenceIds)];
  await checkGeofences(ctx, geofenceIds, 'geofenceIds');

  // The request already runs in one transaction; this one (a savepoint inside it) keeps the
  // wizard all-or-nothing wherever it is called from.
  const citizenId = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const id = await withCprUnique('information.', () =>
      repository.insertCitizen(db, { tenantId: ctx.tenantId, createdByUserId: ctx.userId, ...columns }),
    );
    await linkDevices(tx, id, deviceIds, found, input.deviceSettings);
    if (input.newGeofence) {
      const created = await steps.createGeofence(tx, input.newGeofence);
      geofenceIds.push(created.id);
    }
    await links.replaceCitizenGeofences(db, ctx.tenantId, id, geofenceIds);
    // In a household, the members who receive the alarms receive this citizen's too.
    await addHouseholdAlarmReceivers(db, ctx.tenantId, id);
    return id;
  });
  return getCitizen(ctx, citizenId);
}
