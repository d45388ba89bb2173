import { useState } from 'react';
import Button from '@mui/material/Button';
import {
  CITIZEN_DEVICES_MAX,
  type AvailableDevice,
  type Citizen,
  type CitizenDevice,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { DeviceTransferPanels } from '../devices/device-transfer-panels';
import { replaceCitizenDevices } from '../replace-citizen-links';
import { DetailSection } from './detail-section';
import { useCitizenUpdate } from './use-citizen-update';

/** A linked watch in the panels' shape; its current settings stand in for the defaults. */
export const asPanelDevice = (device: CitizenDevice): AvailableDevice => ({
  id: device.id,
  name: device.name,
  imei: device.imei,
  status: device.status,
  productName: device.productName,
  organizationName: null,
  defaultSettings: device.settings,
});

/** Link and unlink watches with the same panels as the wizard; Save replaces the set. */
export function CitizenDevicesSection({ citizen, canManage }: { citizen: Citizen; canManage: boolean }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => citizen.devices.map(asPanelDevice));
  const changed =
    active.map((device) => device.id).join() !== citizen.devices.map((device) => device.id).join();
  const save = useCitizenUpdate((ids: string[]) => replaceCitizenDevices(citizen.id, ids));
  return (
    <DetailSection
      title={t('citizens:sections.devices')}
      testId="citizen-devices"
      action={
        canManage && (
          <Button
            variant="contained"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => void save.mutateAsync(active.map((device) => device.id)).catch(() => undefined)}
            data-testid="citizen-devices-save"
          >
            {t('citizens:save')}
          </Button>
        )
      }
    >
      <DeviceTransferPanels
        active={active}
        onChange={setActive}
        max={CITIZEN_DEVICES_MAX}
        disabled={!canManage}
      />
    </DetailSection>
  );
}
