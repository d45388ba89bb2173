import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { ALL_TENANTS_ID, type Citizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../../app/auth/permissions';
import { useAppState } from '../../../app/state/app-store';
import { useCitizen } from '../get-citizens';
import { CitizenRouteSection } from '../route/citizen-route-section';
import { CitizenVitalsSection } from '../vitals/citizen-vitals-section';
import { CitizenAlarmsSection, useCitizenOpenAlarms } from './citizen-alarms-section';
import { CitizenEditView, mayEditAnything, type CitizenEditRights } from './citizen-edit-view';
import { CitizenHeader } from './citizen-header';
import { CitizenMap } from './citizen-map';
import { CitizenReceiverContacts } from './citizen-receiver-contacts';

/** `?view=edit` opens the Edit view; a link to it can be shared and survives a reload. */
const VIEW_PARAM = 'view';
const EDIT_VIEW = 'edit';

/**
 * citizens/:id leads with the person: who and how they are (status, battery, last seen), where
 * they are (the map, with the position's age), open alarms, the day's route, who is alerted, and
 * vitals. Changing anything is behind the Edit action, shown only to a caller with a right to
 * change something; a caregiver who may only follow the citizen never sees a form.
 */
export function CitizenDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const citizen = useCitizen(id);
  const policies = useGrantedPolicies();
  // A host looking at All tenants reads every citizen but changes none (the server refuses writes).
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const may = (permission: string) => !readOnly && policies[`Homeward.Citizens.${permission}`] === true;
  const rights: CitizenEditRights = {
    edit: may('Edit'),
    manageDevices: may('ManageDevices'),
    manageGeofences: may('ManageGeofences'),
    manageAlarmReceivers: may('ManageAlarmReceivers'),
  };
  const canEdit = mayEditAnything(rights);
  const editing = canEdit && searchParams.get(VIEW_PARAM) === EDIT_VIEW;
  const showAlarms = policies['Homeward.Alarms'] === true;
  const alarms = useCitizenOpenAlarms(id, showAlarms && citizen.data !== undefined);

  const setEditing = (next: boolean) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next) copy.set(VIEW_PARAM, EDIT_VIEW);
        else copy.delete(VIEW_PARAM);
        return copy;
      },
      { replace: false },
    );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Button component={RouterLink} to="/citizens" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('citizens:backToList')}
      </Button>
      {citizen.isPending && <CircularProgress aria-label={t('identity:crud.loading')} />}
      {citizen.isError && (
        <Alert severity="error" data-testid="citizen-not-found">
          {t('citizens:notFound')}
        </Alert>
      )}
      {citizen.data && (
        <Stack spacing={2} key={citizen.data.id}>
          <CitizenHeader
            citizen={citizen.data}
            openAlarms={alarms.data?.length ?? 0}
            action={
              canEdit &&
              (editing ? (
                <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => setEditing(false)}>
                  {t('citizenPage:overview')}
                </Button>
              ) : (
                <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                  {t('citizenPage:edit')}
                </Button>
              ))
            }
          />
          {editing ? (
            <CitizenEditView citizen={citizen.data} rights={rights} />
          ) : (
            <CitizenOverview citizen={citizen.data} showAlarms={showAlarms} canEdit={rights.edit} />
          )}
        </Stack>
      )}
    </Box>
  );
}

/** The overview, in the order a caregiver asks: where, alarms, the day's route, whom to call, vitals. */
function CitizenOverview({
  citizen,
  showAlarms,
  canEdit,
}: {
  citizen: Citizen;
  showAlarms: boolean;
  canEdit: boolean;
}) {
  return (
    <>
      <CitizenMap citizen={citizen} />
      {showAlarms && <CitizenAlarmsSection citizenId={citizen.id} />}
      <CitizenRouteSection citizen={citizen} />
      <CitizenReceiverContacts citizen={citizen} />
      <CitizenVitalsSection
        citizenId={citizen.id}
        deviceIds={citizen.devices.map((device) => device.id)}
        canEdit={canEdit}
      />
    </>
  );
}
