import { useState } from 'react';
import Button from '@mui/material/Button';
import type { Citizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { GeofenceChecklist } from '../geofences/geofence-checklist';
import { replaceCitizenGeofences } from '../replace-citizen-links';
import { DetailSection } from './detail-section';
import { useCitizenUpdate } from './use-citizen-update';

/** Link and unlink the tenant's geofences; Save replaces the set. */
export function CitizenGeofencesSection({ citizen, canManage }: { citizen: Citizen; canManage: boolean }) {
  const { t } = useTranslation();
  const linked = citizen.geofences.map((fence) => fence.id);
  const [selected, setSelected] = useState(linked);
  const changed = [...selected].sort().join() !== [...linked].sort().join();
  const save = useCitizenUpdate((ids: string[]) => replaceCitizenGeofences(citizen.id, ids));
  return (
    <DetailSection
      title={t('citizens:sections.geofences')}
      testId="citizen-geofences"
      action={
        canManage && (
          <Button
            variant="contained"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => void save.mutateAsync(selected).catch(() => undefined)}
            data-testid="citizen-geofences-save"
          >
            {t('citizens:save')}
          </Button>
        )
      }
    >
      <GeofenceChecklist selected={selected} onChange={setSelected} disabled={!canManage} />
    </DetailSection>
  );
}
