import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { useLoadedConfiguration } from '../../app/configuration/get-app-configuration';
import { useAppState } from '../../app/state/app-store';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { citizensResource } from './citizens-resource';

// The wizard brings the map and drag and drop; the list loads without them.
const CitizenWizardDialog = lazy(() =>
  import('./wizard/citizen-wizard-dialog').then((m) => ({ default: m.CitizenWizardDialog })),
);

/**
 * /citizens: paged, sorted and searched on the server, CPR numbers masked. "Create" opens the
 * four-step wizard; a created citizen opens on its detail page.
 */
export function CitizenListPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // A host looking at All tenants reads every tenant's citizens but changes none.
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const plugAndPlay = useLoadedConfiguration()?.isPlugAndPlay ?? false;
  const resource = useMemo(
    () =>
      citizensResource({
        readOnly,
        plugAndPlay,
        open: (citizen) => void navigate(`/citizens/${citizen.id}`),
      }),
    [readOnly, plugAndPlay, navigate],
  );
  return (
    <CrudListPage resource={resource} onCreate={readOnly ? undefined : () => setCreating(true)}>
      {creating && (
        <Suspense fallback={null}>
          <CitizenWizardDialog
            onClose={() => setCreating(false)}
            onCreated={(citizen) => void navigate(`/citizens/${citizen.id}`)}
          />
        </Suspense>
      )}
    </CrudListPage>
  );
}
