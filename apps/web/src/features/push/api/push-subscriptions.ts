import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pushEndpoints,
  type CreatePushSubscriptionRequest,
  type PushSubscription,
  type PushSubscriptions,
  type PushTestResult,
} from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

export const PUSH_SUBSCRIPTIONS_QUERY_KEY = ['push', 'subscriptions'] as const;

/** `GET /api/push/subscriptions`: the signed-in user's devices that receive alarms. */
export function getPushSubscriptions(): Promise<PushSubscriptions> {
  return callEndpoint(pushEndpoints.subscriptions);
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
  queryFn: () => callEndpoint(pushEndpoints.publicKey),
  staleTime: Infinity,
});

/** `POST /api/push/subscriptions`: this browser's subscription, stored for the user. */
export function createPushSubscription(request: CreatePushSubscriptionRequest): Promise<PushSubscription> {
  return callEndpoint(pushEndpoints.subscribe, { body: request });
}

/** `DELETE /api/push/subscriptions/{id}`: one of the user's devices stops receiving alarms. */
export function deletePushSubscription(id: string): Promise<void> {
  return callEndpoint(pushEndpoints.unsubscribe, { params: { id } });
}

/** `DELETE /api/push/subscriptions` by endpoint: this browser unsubscribed itself. */
export function deletePushEndpoint(endpoint: string): Promise<void> {
  return callEndpoint(pushEndpoints.unsubscribeEndpoint, { body: { endpoint } });
}

/** `POST /api/push/test`: a test notification to every device of the user. */
export function sendTestPush(): Promise<PushTestResult> {
  return callEndpoint(pushEndpoints.test);
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
