import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { PushSubscription } from '@homeward/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import {
  pushPublicKeyQueryOptions,
  useCreatePushSubscription,
  useDeletePushEndpoint,
  useDeletePushSubscription,
  usePushSubscriptions,
  useSendTestPush,
} from './api/push-subscriptions';
import {
  browserLabel,
  currentPushSubscription,
  PushSetupError,
  pushSupported,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './browser-push';

/** Where the id of this browser's stored subscription is kept, to mark it in the list. */
const THIS_DEVICE_KEY = 'homeward.push.thisDevice';

/**
 * "Alarms on this device" on the account page: turns Web Push on or off for this browser (the
 * permission, the service worker's subscription, then the server), sends a test, and lists the
 * user's subscribed devices, each removable.
 */
export function PushDevicesCard() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const devices = usePushSubscriptions();
  const create = useCreatePushSubscription();
  const removeEndpoint = useDeletePushEndpoint();
  const remove = useDeletePushSubscription();
  const test = useSendTestPush();
  const supported = pushSupported();
  const [enabledHere, setEnabledHere] = useState(false);
  const [busy, setBusy] = useState(false);
  const [thisDevice, setThisDevice] = useState(() => localStorage.getItem(THIS_DEVICE_KEY));

  useEffect(() => {
    void currentPushSubscription()
      .then((subscription) => setEnabledHere(subscription !== null))
      .catch(() => setEnabledHere(false));
  }, []);

  const setupErrorText = (error: unknown) => {
    if (error instanceof PushSetupError) {
      return t(`push:errors.${error.code}`, { reason: error.reason });
    }
    return t('push:errors.saveFailed', { reason: apiErrorText(t, error) });
  };

  const enable = async () => {
    setBusy(true);
    try {
      const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQueryOptions);
      const subscription = await subscribeThisBrowser(publicKey);
      const stored = await create.mutateAsync({ ...subscription, label: browserLabel(navigator.userAgent) });
      localStorage.setItem(THIS_DEVICE_KEY, stored.id);
      setThisDevice(stored.id);
      setEnabledHere(true);
      notify.success(t('push:toasts.enabled'));
    } catch (error) {
      notify.error(setupErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribeThisBrowser();
      if (endpoint) await removeEndpoint.mutateAsync(endpoint);
      localStorage.removeItem(THIS_DEVICE_KEY);
      setThisDevice(null);
      setEnabledHere(false);
      notify.success(t('push:toasts.disabled'));
    } catch (error) {
      notify.error(t('push:errors.removeFailed', { reason: apiErrorText(t, error) }));
    } finally {
      setBusy(false);
    }
  };

  const sendTest = async () => {
    try {
      const { sent, failed } = await test.mutateAsync();
      if (failed === 0) notify.success(t('push:toasts.testSent', { count: sent }));
      else notify.error(t('push:toasts.testPartly', { sent, failed }));
    } catch (error) {
      notify.error(t('push:errors.testFailed', { reason: apiErrorText(t, error) }));
    }
  };

  const removeDevice = async (device: PushSubscription) => {
    try {
      await remove.mutateAsync(device.id);
      if (device.id === thisDevice) {
        await unsubscribeThisBrowser().catch(() => null);
        localStorage.removeItem(THIS_DEVICE_KEY);
        setEnabledHere(false);
      }
      notify.success(t('push:toasts.removed'));
    } catch (error) {
      notify.error(t('push:errors.removeFailed', { reason: apiErrorText(t, error) }));
    }
  };

  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const items = devices.data?.items ?? [];

  return (
    <Card variant="outlined" data-testid="account-push" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('push:card.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('push:card.help')}
        </Typography>
        {supported ? (
          <Typography variant="body2" sx={{ mb: 2 }} data-testid="push-state">
            {t(enabledHere ? 'push:card.enabledHere' : 'push:card.notEnabledHere')}
          </Typography>
        ) : (
          <Typography variant="body2" color="warning.main" sx={{ mb: 2 }} data-testid="push-unsupported">
            {t('push:errors.unsupported')}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          {enabledHere ? (
            <Button variant="outlined" loading={busy} onClick={() => void disable()}>
              {t('push:card.disable')}
            </Button>
          ) : (
            <Button variant="contained" loading={busy} disabled={!supported} onClick={() => void enable()}>
              {t('push:card.enable')}
            </Button>
          )}
          <Button
            variant="text"
            loading={test.isPending}
            disabled={items.length === 0}
            onClick={() => void sendTest()}
          >
            {t('push:card.test')}
          </Button>
        </Stack>
        <Typography variant="subtitle2" component="h3">
          {t('push:card.devices')}
        </Typography>
        {devices.isError ? (
          <Typography variant="body2" color="error">
            {t('push:card.loadFailed')}
          </Typography>
        ) : items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="push-no-devices">
            {t('push:card.noDevices')}
          </Typography>
        ) : (
          <List dense aria-label={t('push:card.devices')}>
            {items.map((device) => {
              const name = device.label || browserLabel(device.userAgent) || t('push:card.unnamed');
              return (
                <ListItem
                  key={device.id}
                  disableGutters
                  secondaryAction={
                    <Tooltip title={t('push:card.remove')}>
                      <IconButton
                        edge="end"
                        aria-label={t('push:card.removeNamed', { name })}
                        onClick={() => void removeDevice(device)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={
                      <>
                        {name}
                        {device.id === thisDevice && (
                          <Chip size="small" label={t('push:card.thisDevice')} sx={{ ml: 1 }} />
                        )}
                      </>
                    }
                    secondary={[
                      device.service,
                      t('push:card.added', { time: when(device.createdAt) }),
                      device.lastSuccessAt
                        ? t('push:card.lastDelivered', { time: when(device.lastSuccessAt) })
                        : t('push:card.neverDelivered'),
                    ].join(' · ')}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
