import { queryOptions } from '@tanstack/react-query';
import { billingEndpoints, type CardSetupResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/cards/setup`: the client secret the card form confirms, and which processor. */
export function startCardSetup(): Promise<CardSetupResponse> {
  return callEndpoint(billingEndpoints.startCardSetup);
}

/**
 * One setup per opening of the "Add card" dialog (`attempt` counts the openings): read as a query
 * so a re-render, or React's double effects in development, never starts a second one; never
 * refetched or kept, since a client secret is confirmed once.
 */
export const cardSetupQueryOptions = (attempt: number) =>
  queryOptions({
    queryKey: [...BILLING_QUERY_KEYS.cards, 'setup', attempt] as const,
    queryFn: startCardSetup,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
