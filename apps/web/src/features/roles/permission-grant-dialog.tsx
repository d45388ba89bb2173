import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
  isHostOnlyPermission,
  type PermissionGrantsQuery,
  type PermissionGrantsResponse,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { usePermissionGrants } from './get-permission-grants';
import { permissionDisplayName } from './permission-display-name';
import {
  buildPermissionTree,
  changedGrants,
  toggleAllPermissions,
  togglePermission,
} from './permission-tree-state';
import { useUpdatePermissionGrants } from './update-permission-grants';
import { DialogLoadingContent } from '../../components/crud/dialog-loading-content';

interface PermissionGrantDialogProps {
  query: PermissionGrantsQuery;
  /** The role's name (or user name), for the title until the server's answer names it. */
  name: string;
  onClose(): void;
}

/** Grants and revokes the permissions of one role (or user) as a tree of checkboxes. */
export function PermissionGrantDialog({ query, name, onClose }: PermissionGrantDialogProps) {
  const { t } = useTranslation();
  const grants = usePermissionGrants(query);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      scroll="paper"
      data-testid="permission-grant-dialog"
    >
      <DialogTitle>
        {t('identity:permissionGrants.title', { name: grants.data?.entityDisplayName ?? name })}
      </DialogTitle>
      {grants.data ? (
        <PermissionGrantForm query={query} grants={grants.data} onClose={onClose} />
      ) : (
        <DialogLoadingContent
          failed={grants.isError}
          failedText={t('identity:permissionGrants.loadFailed')}
          onRetry={() => grants.refetch()}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

interface PermissionGrantFormProps {
  query: PermissionGrantsQuery;
  grants: PermissionGrantsResponse;
  onClose(): void;
}

function PermissionGrantForm({ query, grants, onClose }: PermissionGrantFormProps) {
  const { t } = useTranslation();
  const tree = useMemo(() => buildPermissionTree(grants.groups), [grants]);
  const initial = useMemo(
    () =>
      new Set(
        grants.groups.flatMap((group) => group.permissions.filter((p) => p.isGranted).map((p) => p.name)),
      ),
    [grants],
  );
  // A user's permission that one of their roles grants stays granted whatever the user's own
  // grant says, so it is shown checked and cannot be unchecked here.
  const inherited = useMemo(
    () =>
      new Set(
        grants.groups.flatMap((group) =>
          group.permissions
            .filter((p) =>
              p.grantedProviders.some((provider) => provider.providerName !== query.providerName),
            )
            .map((p) => p.name),
        ),
      ),
    [grants, query.providerName],
  );
  const [granted, setGrantedState] = useState<Set<string>>(initial);
  const setGranted = (next: Set<string>) => setGrantedState(new Set([...next, ...inherited]));
  const save = useUpdatePermissionGrants(query);

  const depthOf = (permissionName: string): number => {
    const parent = tree.parentOf.get(permissionName);
    return parent ? depthOf(parent) + 1 : 0;
  };
  const allGranted = tree.all.length > 0 && tree.all.every((item) => granted.has(item));

  const submit = async () => {
    const permissions = changedGrants(tree, initial, granted);
    if (permissions.length === 0) return onClose();
    try {
      await save.mutateAsync({ permissions });
      onClose();
    } catch {
      // The failure toast tells why; the dialog keeps the choices for another try.
    }
  };

  return (
    <>
      <DialogContent dividers>
        <FormControlLabel
          label={t('identity:permissionGrants.grantAll')}
          control={
            <Checkbox
              checked={allGranted}
              indeterminate={!allGranted && granted.size > 0}
              onChange={(event) => setGranted(toggleAllPermissions(tree, event.target.checked))}
              slotProps={{ input: { 'data-testid': 'permission-grant-all' } as object }}
            />
          }
        />
        <Divider sx={{ my: 1 }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
          {grants.groups.map((group) => (
            <Box key={group.name} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}>
              {group.permissions.map((permission) => (
                <FormControlLabel
                  key={permission.name}
                  sx={{ display: 'flex', ml: depthOf(permission.name) * 3 }}
                  label={
                    <>
                      {permissionDisplayName(t, permission.displayKey)}
                      {permission.grantedProviders
                        .filter((provider) => provider.providerName !== query.providerName)
                        .map((provider) => (
                          <Chip
                            key={`${provider.providerName}:${provider.providerKey}`}
                            size="small"
                            sx={{ ml: 1 }}
                            label={provider.displayName}
                          />
                        ))}
                      {!permission.parentName && isHostOnlyPermission(permission.name) && (
                        <Chip
                          size="small"
                          variant="outlined"
                          sx={{ ml: 1 }}
                          label={t('identity:permissionGrants.hostOnly')}
                        />
                      )}
                    </>
                  }
                  slotProps={{
                    typography: { sx: { fontWeight: permission.parentName ? undefined : 600 } },
                  }}
                  control={
                    <Checkbox
                      size="small"
                      checked={granted.has(permission.name)}
                      disabled={inherited.has(permission.name)}
                      onChange={(event) =>
                        setGranted(togglePermission(tree, granted, permission.name, event.target.checked))
                      }
                      slotProps={{ input: { 'data-testid': `permission-${permission.name}` } as object }}
                    />
                  }
                />
              ))}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="permission-grants-cancel">
          {t('identity:crud.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={submit}
          data-testid="permission-grants-save"
        >
          {t('identity:permissionGrants.save')}
        </Button>
      </DialogActions>
    </>
  );
}
