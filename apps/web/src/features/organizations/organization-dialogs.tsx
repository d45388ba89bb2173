import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  organizationEndpoints,
  zUpdateOrganizationRequest,
  type Organization,
  type UpdateOrganizationRequest,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import type { CrudFormField } from '../../components/crud/crud-form-fields';
import { LookupField } from '../../components/crud/lookup-field';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

type OrganizationForm = UpdateOrganizationRequest;

/** Name, then the customer and the default geofence, each picked from a paged, searchable lookup. */
const fieldsOf = (organization?: Organization): CrudFormField<OrganizationForm>[] => [
  { kind: 'text', name: 'displayName', labelKey: 'organizations:name' },
  {
    kind: 'lookup',
    name: 'customerId',
    labelKey: 'organizations:customer',
    endpoint: organizationEndpoints.customerLookup,
    valueLabel: organization?.customerName ?? undefined,
  },
  {
    kind: 'lookup',
    name: 'geofenceId',
    labelKey: 'organizations:geofence',
    helperKey: 'organizations:geofenceHelp',
    endpoint: organizationEndpoints.geofenceLookup,
    valueLabel: organization?.geofenceName ?? undefined,
  },
];

interface FormDialogProps {
  /** The edited organization; absent when creating. */
  organization?: Organization;
  /** Where a new organization goes (null: the top level). */
  parent?: Organization | null;
  onSubmit(values: OrganizationForm): Promise<unknown>;
  onClose(): void;
}

/** Create or edit an organization: name, customer and default geofence. */
export function OrganizationFormDialog({ organization, parent, onSubmit, onClose }: FormDialogProps) {
  const { t } = useTranslation();
  const title = organization
    ? t('organizations:editTitle', { name: organization.displayName })
    : parent
      ? t('organizations:createChildTitle', { parent: parent.displayName })
      : t('organizations:createTitle');
  return (
    <CrudFormDialog
      open
      title={title}
      schema={zUpdateOrganizationRequest}
      fields={fieldsOf(organization)}
      values={{
        displayName: organization?.displayName ?? '',
        customerId: organization?.customerId ?? null,
        geofenceId: organization?.geofenceId ?? null,
      }}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

/** The first field error of a failed call, translated; undefined for other failures. */
function fieldErrorText(t: ReturnType<typeof useTranslation>['t'], error: unknown, label: string) {
  const first = error instanceof ApiRequestError ? error.body?.error.validationErrors?.[0] : undefined;
  return first && translateValidationMessage(t, first.message, label, first.params);
}

interface MoveDialogProps {
  organization: Organization;
  onMove(newParentId: string | null): Promise<unknown>;
  onClose(): void;
}

/** Choose a new parent by lookup (empty: the top level); the server refuses the own subtree. */
export function MoveOrganizationDialog({ organization, onMove, onClose }: MoveDialogProps) {
  const { t } = useTranslation();
  const [parentId, setParentId] = useState<string | null>(organization.parentId);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const label = t('organizations:newParent');
  const move = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onMove(parentId);
      onClose();
    } catch (failure) {
      setError(fieldErrorText(t, failure, label) ?? t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="org-move-dialog">
      <DialogTitle>{t('organizations:moveTitle', { name: organization.displayName })}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <LookupField
          endpoint={organizationEndpoints.lookup}
          value={parentId}
          valueLabel={organization.parentName ?? undefined}
          onChange={(id) => setParentId(id)}
          label={label}
          helperText={t('organizations:newParentHelp')}
          error={error}
          isOptionDisabled={(item) => item.id === organization.id}
          data-testid="org-move-parent"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('organizations:cancel')}</Button>
        <Button variant="contained" loading={busy} onClick={move} data-testid="org-move-ok">
          {t('organizations:move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Why the server refused a delete: a key of the organizations namespace with its count. */
export interface DeleteRefusal {
  key: string;
  params?: Record<string, string | number>;
}

/** The refusal of a delete as the server gave it (409 with the reason), else undefined. */
export function deleteRefusalOf(error: unknown): DeleteRefusal | undefined {
  if (!(error instanceof ApiRequestError) || error.code !== 'conflict') return undefined;
  const first = error.body?.error.validationErrors?.[0];
  return first ? { key: first.message, params: first.params } : undefined;
}

/** Tells why an organization cannot be deleted, in the current language (it follows a switch). */
export function DeleteRefusedDialog(props: { name: string; refusal: DeleteRefusal; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={props.onClose} data-testid="org-delete-refused">
      <DialogTitle>{t('organizations:cannotDeleteTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" data-testid="org-delete-reason">
          <strong>{props.name}</strong>: {t(props.refusal.key, props.refusal.params)}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} data-testid="org-delete-refused-close">
          {t('organizations:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
