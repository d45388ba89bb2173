import Stack from '@mui/material/Stack';
import type { Citizen } from '@homeward/contracts';
import { AlarmReceiversSection } from './alarm-receivers-section';
import { CitizenDevicesSection } from './citizen-devices-section';
import { CitizenGeofencesSection } from './citizen-geofences-section';
import { CitizenInformationSection } from './citizen-information-section';
import { CitizenSettingsSection } from './citizen-settings-section';

/** What the caller may change on the citizen; each part saves on its own, with its own permission. */
export interface CitizenEditRights {
  edit: boolean;
  manageDevices: boolean;
  manageGeofences: boolean;
  manageAlarmReceivers: boolean;
}

export const mayEditAnything = (rights: CitizenEditRights) =>
  rights.edit || rights.manageDevices || rights.manageGeofences || rights.manageAlarmReceivers;

/** The citizen page's Edit view: information, watches, app settings, geofences and alarm receivers. */
export function CitizenEditView({ citizen, rights }: { citizen: Citizen; rights: CitizenEditRights }) {
  return (
    <Stack spacing={2} data-testid="citizen-edit-view">
      <CitizenInformationSection citizen={citizen} canEdit={rights.edit} />
      <CitizenDevicesSection
        key={`devices-${citizen.devices.map((device) => device.id).join()}`}
        citizen={citizen}
        canManage={rights.manageDevices}
      />
      <CitizenSettingsSection citizen={citizen} canManage={rights.manageDevices} />
      <CitizenGeofencesSection
        key={`geofences-${citizen.geofences.map((fence) => fence.id).join()}`}
        citizen={citizen}
        canManage={rights.manageGeofences}
      />
      <AlarmReceiversSection
        key={`receivers-${citizen.alarmReceivers.map((receiver) => receiver.id).join()}`}
        citizen={citizen}
        canManage={rights.manageAlarmReceivers}
      />
    </Stack>
  );
}
