/**
 * The billing screen's query keys, all under `billing`: a subscription change touches the
 * invoices too (subscribing charges the first month), so those mutations invalidate both.
 */
export const BILLING_QUERY_KEYS = {
  all: ['billing'] as const,
  subscriptions: ['billing', 'subscriptions'] as const,
  cards: ['billing', 'cards'] as const,
  details: ['billing', 'details'] as const,
  invoices: ['billing', 'invoices'] as const,
};
