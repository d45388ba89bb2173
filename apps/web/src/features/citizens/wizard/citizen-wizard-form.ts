import {
  VALIDATION_KEYS,
  zCreateCitizenWizardRequest,
  type AvailableDevice,
  type CitizenDeviceSettings,
  type CreateCitizenWizardRequest,
  type GeofenceGeometry,
} from '@homeward/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { CitizenInformationForm } from '../information/citizen-information-fields';
import { EMPTY_CITIZEN_INFORMATION } from '../information/citizen-information-fields';

/** The wizard's steps, in order (spec §2). */
export const WIZARD_STEPS = ['information', 'devices', 'settings', 'geofence'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** A geofence being drawn in step 4: no area until one is drawn (the contract then says so). */
export interface NewGeofenceForm {
  name: string;
  description: string | null;
  geometry: GeofenceGeometry | null;
}

/**
 * The one form state of all four steps, so going back keeps everything. It is the wizard request
 * with the active watches as whole rows (`devices`, for the panels) instead of `deviceIds`;
 * `deviceSettings` runs parallel to `devices`, so error paths of the request match form paths.
 */
export interface CitizenWizardForm {
  information: CitizenInformationForm;
  devices: AvailableDevice[];
  deviceSettings: CitizenDeviceSettings[];
  geofenceIds: string[];
  newGeofence: NewGeofenceForm | null;
}

export const EMPTY_WIZARD_FORM: CitizenWizardForm = {
  information: EMPTY_CITIZEN_INFORMATION,
  devices: [],
  deviceSettings: [],
  geofenceIds: [],
  newGeofence: null,
};

/** The body of `POST /api/citizens/wizard`. */
export function toWizardRequest(form: CitizenWizardForm): CreateCitizenWizardRequest {
  const {
    organizationName: _organization,
    specificCustomerName: _customer,
    ...information
  } = form.information;
  return {
    information,
    deviceIds: form.devices.map((device) => device.id),
    deviceSettings: form.deviceSettings,
    geofenceIds: form.geofenceIds,
    newGeofence: form.newGeofence as CreateCitizenWizardRequest['newGeofence'],
  };
}

/** The step an error path of the request (the server's or the browser's) belongs to. */
export function stepOfField(field: string): WizardStep {
  if (field.startsWith('deviceIds') || field.startsWith('devices')) return 'devices';
  if (field.startsWith('deviceSettings')) return 'settings';
  if (field.startsWith('geofenceIds') || field.startsWith('newGeofence')) return 'geofence';
  return 'information';
}

/** The form path an error path of the request lands on (`deviceIds.1` is the devices panel). */
export function formPathOfField(field: string): string {
  return field.startsWith('deviceIds') ? 'devices' : field;
}

/** The contract validates the whole wizard; each step shows only its own fields' errors. */
const requestResolver = zodResolver(zCreateCitizenWizardRequest);

/**
 * The wizard's resolver. The contract leaves the organization to the server (a household's citizens
 * go into its one unit); the municipality product asks for one, so its form requires it here too.
 */
export function wizardResolverFor(asksForOrganization: boolean): Resolver<CitizenWizardForm> {
  return async (values, context, options) => {
    const result = await wizardResolver(values, context, options);
    if (!asksForOrganization || values.information.organizationId) return result;
    const errors = result.errors as Record<string, Record<string, unknown> | undefined>;
    return {
      values: {},
      errors: {
        ...errors,
        information: {
          ...errors.information,
          organizationId: { type: 'required', message: VALIDATION_KEYS.required },
        },
      } as FieldErrors<CitizenWizardForm>,
    };
  };
}

export const wizardResolver: Resolver<CitizenWizardForm> = async (values, context, options) => {
  const result = await requestResolver(toWizardRequest(values), context, options as never);
  const errors = { ...result.errors } as Record<string, unknown>;
  if ('deviceIds' in errors) {
    errors.devices = errors.deviceIds;
    delete errors.deviceIds;
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors: errors as FieldErrors<CitizenWizardForm> }
    : { values, errors: {} };
};
