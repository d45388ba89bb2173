import type { Config } from '../../platform/config/config';
import type { Database } from '../../platform/db/database';
import type { BillingClock } from './billing-clock';
import type { BillingProvider } from './billing-provider';
import { LocalBillingProvider } from './local-billing-provider';
import { StripeBillingProvider } from './stripe-billing-provider';

type BillingConfig = Pick<
  Config,
  'stripeSecretKey' | 'stripeWebhookSecret' | 'companyName' | 'companyAddress' | 'companyCvr'
>;

/**
 * The card processor this installation uses: Stripe when STRIPE_SECRET_KEY is set, else the
 * embedded local provider (test-mode behaviour) over `db`, the server's own connection.
 */
export function createBillingProvider(
  config: BillingConfig,
  db: Database,
  options: { clock?: BillingClock } = {},
): BillingProvider {
  if (config.stripeSecretKey) {
    return new StripeBillingProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
    });
  }
  return new LocalBillingProvider({
    db,
    clock: options.clock,
    seller: { name: config.companyName, address: config.companyAddress, vatNumber: config.companyCvr },
  });
}
