import { useState } from 'react';
import List from '@mui/material/List';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WatchPlan } from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { EmptyState } from '../../components/empty-state';
import { connectedDevicesQueryOptions } from '../devices/get-connected-devices';
import { useChangeSubscriptionPlan } from './api/change-subscription-plan';
import { useWatchSubscriptions } from './api/get-watch-subscriptions';
import { usePauseSubscription } from './api/pause-subscription';
import { useResumeSubscription } from './api/resume-subscription';
import { useSubscribeWatch } from './api/subscribe-watch';
import { billingFailureText } from './billing-failure-text';
import { BillingSection, SectionLoading, SectionLoadingFailed } from './billing-section';
import { WatchPlanDialog } from './watch-plan-dialog';
import { WatchSubscriptionItem, type WatchSubscriptionAction } from './watch-subscription-item';
import { watchSubscriptionRows, type WatchSubscriptionRow } from './watch-subscription-rows';

type PlanDialog = { mode: 'subscribe' | 'change'; row: WatchSubscriptionRow; failure?: string } | null;

/**
 * The household's watches, each with its subscription: subscribe, change plan (monthly ↔
 * annual), pause and resume ("renew"), each with a success or failure toast (spec §8).
 */
export function SubscriptionsSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const canManage = usePermission('Homeward.Billing.ManageSubscription');
  const canListWatches = usePermission('Homeward.Devices');
  const subscriptions = useWatchSubscriptions();
  const watches = useQuery({ ...connectedDevicesQueryOptions, enabled: canListWatches });
  const subscribe = useSubscribeWatch();
  const changePlan = useChangeSubscriptionPlan();
  const pause = usePauseSubscription();
  const resume = useResumeSubscription();
  const [dialog, setDialog] = useState<PlanDialog>(null);
  const [busyWatch, setBusyWatch] = useState<string>();

  const failed = subscriptions.isError || watches.isError;
  const loading = subscriptions.isPending || (canListWatches && watches.isPending);
  const nameOf = (row: WatchSubscriptionRow) => row.name ?? t('billingAccount:subscriptions.unnamedWatch');

  const run = async (
    row: WatchSubscriptionRow,
    work: () => Promise<unknown>,
    done: string,
    failure: string,
  ) => {
    setBusyWatch(row.deviceId);
    try {
      await work();
      notify.success(t(done, { name: nameOf(row) }));
      return undefined;
    } catch (error) {
      const reason = billingFailureText(t, error);
      notify.error(t(failure, { name: nameOf(row), reason }));
      return reason;
    } finally {
      setBusyWatch(undefined);
    }
  };

  const act = (row: WatchSubscriptionRow, action: WatchSubscriptionAction) => {
    const id = row.subscription?.id;
    if (action === 'subscribe' || action === 'change') {
      setDialog({ mode: action, row });
    } else if (action === 'pause' && id) {
      void run(
        row,
        () => pause.mutateAsync(id),
        'billingAccount:toasts.paused',
        'billingAccount:toasts.pauseFailed',
      );
    } else if (action === 'resume' && id) {
      void run(
        row,
        () => resume.mutateAsync(id),
        'billingAccount:toasts.resumed',
        'billingAccount:toasts.resumeFailed',
      );
    }
  };

  const choosePlan = async (plan: WatchPlan) => {
    if (!dialog) return;
    const { mode, row } = dialog;
    const failure =
      mode === 'subscribe'
        ? await run(
            row,
            () => subscribe.mutateAsync({ deviceId: row.deviceId, plan }),
            `billingAccount:toasts.subscribed.${plan}`,
            'billingAccount:toasts.subscribeFailed',
          )
        : await run(
            row,
            () => changePlan.mutateAsync({ id: row.subscription!.id, plan }),
            `billingAccount:toasts.planChanged.${plan}`,
            'billingAccount:toasts.planChangeFailed',
          );
    setDialog(failure === undefined ? null : { ...dialog, failure });
  };

  const plans = subscriptions.data?.plans ?? [];
  const rows = subscriptions.data
    ? watchSubscriptionRows(
        canListWatches ? watches.data?.items : undefined,
        subscriptions.data.subscriptions,
      )
    : [];
  const dialogRow = dialog?.row;
  const currentPlan = dialogRow?.subscription?.plan;

  return (
    <BillingSection id="billing-subscriptions" title={t('billingAccount:subscriptions.title')}>
      {failed ? (
        <SectionLoadingFailed
          onRetry={() => {
            void subscriptions.refetch();
            if (canListWatches) void watches.refetch();
          }}
        />
      ) : loading ? (
        <SectionLoading label={t('billingAccount:subscriptions.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={t('billingAccount:subscriptions.empty')}
          description={t('billingAccount:subscriptions.emptyDescription')}
        />
      ) : (
        <List aria-labelledby="billing-subscriptions-title" disablePadding>
          {rows.map((row) => (
            <WatchSubscriptionItem
              key={row.deviceId}
              row={row}
              plans={plans}
              canManage={canManage}
              busy={busyWatch === row.deviceId}
              onAction={(action) => act(row, action)}
            />
          ))}
        </List>
      )}
      {dialog && dialogRow && (
        <WatchPlanDialog
          key={`${dialog.mode}-${dialogRow.deviceId}`}
          mode={dialog.mode}
          watchName={nameOf(dialogRow)}
          plans={plans}
          // Changing offers the other plan; subscribing starts from monthly (no commitment).
          initialPlan={dialog.mode === 'change' && currentPlan === 'monthly' ? 'annual' : 'monthly'}
          busy={busyWatch === dialogRow.deviceId}
          failure={dialog.failure}
          onSubmit={(plan) => void choosePlan(plan)}
          onClose={() => setDialog(null)}
        />
      )}
    </BillingSection>
  );
}
