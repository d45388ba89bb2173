import { orderEndpoints, type CustomerOrder, type CustomerOrderRequest } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { ORDERS_QUERY_KEY } from './get-orders';

/** POST /api/orders: reserves the watches and takes the accessories; answers with the activation codes. */
export function placeOrder(body: CustomerOrderRequest): Promise<CustomerOrder> {
  return callEndpoint(orderEndpoints.place, { body });
}

/** Places an order, toasts how it went, and reloads orders, stock and the customer's products. */
export function usePlaceOrder() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (order) => {
      notify.success(t('orders:placed', { count: order.watchCount }));
      await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
    onError: (error) => notify.error(t('orders:placeFailed', { reason: apiErrorText(t, error) })),
  });
}
