import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { zRoleClaim, type Role, type RoleClaim } from '@homeward/contracts';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../app/auth/permissions';
import { ApiRequestError } from '../../app/api/api-request-error';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useAllClaimTypes, useRoleClaims, useUpdateRoleClaims } from './role-claims';
import { DialogLoadingContent } from '../../components/crud/dialog-loading-content';

const zClaimsForm = z.object({ claims: z.array(zRoleClaim).max(200) });
type ClaimsForm = z.output<typeof zClaimsForm>;

/** Views and replaces the claims of a role; values are checked against the claim type's pattern. */
export function RoleClaimsDialog({ role, onClose }: { role: Role; onClose(): void }) {
  const { t } = useTranslation();
  const claims = useRoleClaims(role.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="role-claims-dialog">
      <DialogTitle>{t('identity:roleClaims.title', { name: role.name })}</DialogTitle>
      {claims.data ? (
        <RoleClaimsForm role={role} claims={claims.data} onClose={onClose} />
      ) : (
        <DialogLoadingContent
          failed={claims.isError}
          failedText={t('identity:crud.loadFailed')}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RoleClaimsForm({ role, claims, onClose }: { role: Role; claims: RoleClaim[]; onClose(): void }) {
  const { t } = useTranslation();
  const canEdit = usePermission('Homeward.Roles.Edit');
  // Claim types are host-managed; a tenant admin types the claim type's name instead of picking it.
  const claimTypes = useAllClaimTypes(usePermission('Homeward.ClaimTypes'));
  const save = useUpdateRoleClaims(role.id);
  const form = useForm<ClaimsForm>({
    resolver: zodResolver(zClaimsForm),
    defaultValues: { claims },
  });
  const rows = useFieldArray({ control: form.control, name: 'claims' });
  const errors = form.formState.errors.claims;

  const submit = form.handleSubmit(async ({ claims: body }) => {
    try {
      await save.mutateAsync(body);
      onClose();
    } catch (error) {
      // Server paths are `<index>.claimValue`; the form's are `claims.<index>.claimValue`.
      if (!(error instanceof ApiRequestError)) return;
      for (const fieldError of error.body?.error.validationErrors ?? []) {
        if (!/^\d+\.claim(Type|Value)$/.test(fieldError.field)) continue;
        form.setError(`claims.${fieldError.field}` as `claims.${number}.claimValue`, {
          type: 'server',
          message: fieldError.message,
        });
      }
    }
  });

  const typeLabel = t('identity:roleClaims.claimType');
  const valueLabel = t('identity:roleClaims.claimValue');
  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        {rows.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('identity:roleClaims.empty')}
          </Typography>
        )}
        <Stack spacing={2}>
          {rows.fields.map((row, index) => (
            <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                {...form.register(`claims.${index}.claimType`)}
                select={!!claimTypes.data}
                label={typeLabel}
                size="small"
                disabled={!canEdit}
                error={!!errors?.[index]?.claimType}
                helperText={
                  errors?.[index]?.claimType?.message &&
                  translateValidationMessage(t, errors[index].claimType.message, typeLabel)
                }
                sx={{ flex: 1 }}
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': `role-claim-type-${index}` },
                }}
              >
                {claimTypes.data && <option value="">{t('identity:roleClaims.chooseType')}</option>}
                {claimTypes.data?.items.map((type) => (
                  <option key={type.id} value={type.name}>
                    {type.name}
                  </option>
                ))}
              </TextField>
              <TextField
                {...form.register(`claims.${index}.claimValue`)}
                label={valueLabel}
                size="small"
                disabled={!canEdit}
                error={!!errors?.[index]?.claimValue}
                helperText={
                  errors?.[index]?.claimValue?.message &&
                  translateValidationMessage(t, errors[index].claimValue.message, valueLabel)
                }
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `role-claim-value-${index}` } }}
              />
              {canEdit && (
                <IconButton
                  aria-label={t('identity:roleClaims.remove')}
                  onClick={() => rows.remove(index)}
                  data-testid={`role-claim-remove-${index}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
        </Stack>
        {canEdit && (
          <Button
            startIcon={<AddIcon />}
            sx={{ mt: 2 }}
            onClick={() => rows.append({ claimType: '', claimValue: '' })}
            data-testid="role-claims-add"
          >
            {t('identity:roleClaims.add')}
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('identity:crud.cancel')}</Button>
        {canEdit && (
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="role-claims-save">
            {t('identity:crud.save')}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
