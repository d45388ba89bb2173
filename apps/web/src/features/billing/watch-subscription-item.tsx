import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WatchPlanPrice, WatchSubscription } from '@homeward/contracts';
import { WrappingListItem } from '../../components/lists/wrapping-list-item';
import { formatAmount, formatBillingDate } from './billing-display';
import type { WatchSubscriptionRow } from './watch-subscription-rows';

const STATUS_COLORS: Record<WatchSubscription['status'], ChipProps['color']> = {
  active: 'success',
  paused: 'warning',
  pending: 'info',
  canceled: 'default',
};

export type WatchSubscriptionAction = 'subscribe' | 'change' | 'pause' | 'resume';

/**
 * One watch: its plan and price per month, status, renewal date and, for the owner, what can be
 * done with it. Each button names the watch, as several watches share one screen.
 */
export function WatchSubscriptionItem({
  row,
  plans,
  canManage,
  busy,
  onAction,
}: {
  row: WatchSubscriptionRow;
  plans: WatchPlanPrice[];
  canManage: boolean;
  /** An action of this watch is on its way. */
  busy: boolean;
  onAction(action: WatchSubscriptionAction): void;
}) {
  const { t, i18n } = useTranslation();
  const name = row.name ?? t('billingAccount:subscriptions.unnamedWatch');
  const subscription = row.subscription;
  const live = subscription && subscription.status !== 'canceled' ? subscription : null;
  const price = live && plans.find((each) => each.plan === live.plan);
  const date = (iso: string) => formatBillingDate(iso, i18n.language);
  const committed =
    live?.plan === 'annual' && live.commitmentEndsAt && new Date(live.commitmentEndsAt) > new Date();

  const actions: WatchSubscriptionAction[] = !live
    ? ['subscribe']
    : live.status === 'active'
      ? ['change', 'pause']
      : live.status === 'paused'
        ? ['change', 'resume']
        : [];

  return (
    <WrappingListItem
      data-testid="watch-subscription"
      title={name}
      titleComponent="h3"
      badges={
        <Chip
          size="small"
          color={subscription ? STATUS_COLORS[subscription.status] : 'default'}
          variant={subscription ? 'filled' : 'outlined'}
          label={t(`billingAccount:status.${subscription?.status ?? 'none'}`)}
          data-testid="watch-subscription-status"
        />
      }
      actions={
        canManage &&
        actions.length > 0 &&
        actions.map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'subscribe' || action === 'resume' ? 'contained' : 'outlined'}
            disabled={busy}
            onClick={() => onAction(action)}
            aria-label={t(`billingAccount:subscriptions.actionLabels.${action}`, { name })}
            data-testid={`watch-subscription-${action}`}
          >
            {t(`billingAccount:subscriptions.actions.${action}`)}
          </Button>
        ))
      }
    >
      {live && (
        <Typography variant="body2" color="text.secondary" data-testid="watch-subscription-plan">
          {t(`billingAccount:plans.${live.plan}`)}
          {price &&
            ` · ${t('billingAccount:plans.pricePerMonth', {
              price: formatAmount(price.amount, price.currency, i18n.language),
            })}`}
        </Typography>
      )}
      {live?.renewsAt && (
        <Typography variant="body2" color="text.secondary" data-testid="watch-subscription-renews">
          {t(
            live.status === 'paused'
              ? 'billingAccount:subscriptions.periodEnds'
              : 'billingAccount:subscriptions.renews',
            { date: date(live.renewsAt) },
          )}
        </Typography>
      )}
      {committed && (
        <Typography variant="body2" color="text.secondary">
          {t('billingAccount:subscriptions.committedUntil', { date: date(live.commitmentEndsAt!) })}
        </Typography>
      )}
      {live?.pauseReason === 'payment_failed' && (
        <Typography variant="body2" color="warning.main" data-testid="watch-subscription-payment-failed">
          {t('billingAccount:subscriptions.pausedForPayment')}
        </Typography>
      )}
    </WrappingListItem>
  );
}
