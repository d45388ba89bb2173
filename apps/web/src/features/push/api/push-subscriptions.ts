import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePushSubscriptionRequest,
  PushPublicKey,
  PushSubscription,
  PushSubscriptions,
  PushTestResult,
} from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

export const PUSH_SUBSCRIPTIONS_QUERY_KEY = ['push', 'subscriptions'] as const;

/** `GET /api/push/subscriptions`: the signed-in user's devices that receive alarms. */
export function getPushSubscriptions(): Promise<PushSubscriptions> {
  return apiFetch<PushSubscriptions>('/api/push/subscriptions');
}

export const pushSubscriptionsQueryOptions = queryOptions({
  queryKey: PUSH_SUBSCRIPTIONS_QUERY_KEY,
  queryFn: getPushSubscriptions,
});

export function usePushSubscriptions() {
  return useQuery(pushSubscriptionsQueryOptions);
}

/** `GET /api/push/public-key`: the server's VAPID key, which the browser subscribes with. */
export const pushPublicKeyQueryOptions = queryOptions({
  queryKey: ['push', 'public-key'] as const,
  queryFn: () => apiFetch<PushPublicKey>('/api/push/public-key'),
  staleTime: Infinity,
});

/** `POST /api/push/subscriptions`: this browser's subscription, stored for the user. */
export function createPushSubscription(request: CreatePushSubscriptionRequest): Promise<PushSubscription> {
  return apiFetch<PushSubscription>('/api/push/subscriptions', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

/** `DELETE /api/push/subscriptions/{id}`: one of the user's devices stops receiving alarms. */
export function deletePushSubscription(id: string): Promise<void> {
  return apiFetch<void>(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `DELETE /api/push/subscriptions` by endpoint: this browser unsubscribed itself. */
export function deletePushEndpoint(endpoint: string): Promise<void> {
  return apiFetch<void>('/api/push/subscriptions', { method: 'DELETE', body: JSON.stringify({ endpoint }) });
}

/** `POST /api/push/test`: a test notification to every device of the user. */
export function sendTestPush(): Promise<PushTestResult> {
  return apiFetch<PushTestResult>('/api/push/test', { method: 'POST' });
}

function usePushMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_SUBSCRIPTIONS_QUERY_KEY }),
  });
}

export const useCreatePushSubscription = () => usePushMutation(createPushSubscription);
export const useDeletePushSubscription = () => usePushMutation(deletePushSubscription);
export const useDeletePushEndpoint = () => usePushMutation(deletePushEndpoint);
export const useSendTestPush = () => usePushMutation((_: void) => sendTestPush());
