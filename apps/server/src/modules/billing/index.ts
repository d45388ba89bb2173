/**
 * The public entry of modules/billing: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export {
  queueBillingErasure,
  refuseWhileSubscriptionsActive,
  releaseCardsOnTransfer,
  requireDefaultCard,
} from './billing-rules';
export {
  endSubscriptionOfStoppedDevice,
  moveSubscriptionToDevice,
  pauseSubscriptionOfStoppedDevice,
} from './device-subscription-lifecycle';
