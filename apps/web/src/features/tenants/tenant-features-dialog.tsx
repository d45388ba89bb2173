import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Tenant, TenantFeature } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { useNotify } from '../../app/notifications/use-notify';
import { DialogLoadingContent } from '../../components/crud/dialog-loading-content';
import { apiErrorText } from '../../components/forms/api-error-text';
import { FeatureInput, type FeatureDraft } from './feature-input';
import { useTenantFeatures, useUpdateTenantFeatures } from './tenant-features-api';

/** Field errors of a failed save, by feature name (the names contain dots, so no form library). */
function fieldErrorsOf(
  error: unknown,
): Record<string, { message: string; params?: Record<string, string | number> }> {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries((error.body?.error.validationErrors ?? []).map((item) => [item.field, item]));
}

/** The "Features" row action: one typed input per feature of the catalogue. */
export function TenantFeaturesDialog({ tenant, onClose }: { tenant: Tenant; onClose(): void }) {
  const { t } = useTranslation();
  const features = useTenantFeatures(tenant.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="tenant-features-dialog">
      <DialogTitle>{t('tenants:featuresTitle', { name: tenant.name })}</DialogTitle>
      {features.data ? (
        <FeaturesForm tenantId={tenant.id} items={features.data.items} onClose={onClose} />
      ) : (
        <DialogLoadingContent
          failed={features.isError}
          failedText={t('tenants:featuresLoadFailed')}
          onRetry={() => void features.refetch()}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function FeaturesForm({
  tenantId,
  items,
  onClose,
}: {
  tenantId: string;
  items: TenantFeature[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useUpdateTenantFeatures(tenantId);
  const [draft, setDraft] = useState<Record<string, FeatureDraft>>(() =>
    Object.fromEntries(items.map((item) => [item.name, item.value])),
  );
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrorsOf>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(draft as Record<string, string | number | boolean>);
      notify.success(t('tenants:featuresSaved'));
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      notify.error(t('tenants:featuresFailed', { reason: apiErrorText(t, error) }));
    }
  };

  return (
    <form noValidate onSubmit={submit} data-testid="tenant-features-form">
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {items.map((item) => (
            <FeatureInput
              key={item.name}
              feature={item}
              value={draft[item.name] ?? item.value}
              error={errors[item.name]}
              onChange={(value) => setDraft((current) => ({ ...current, [item.name]: value }))}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="tenant-features-cancel">
          {t('identity:crud.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="tenant-features-save">
          {t('identity:crud.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
