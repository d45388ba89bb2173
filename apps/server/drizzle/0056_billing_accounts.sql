-- Billing of households (issue 18, modules/billing): the household's account at the card processor
-- (its customer id, made on first use, and the spec's billing details), one subscription per
-- connected watch, and one row per charged period. All three are the household's rows, isolated by
-- row-level security like every tenant table (0009). The processor's own objects live at the
-- processor (or in the local provider's tables, 0054); these keep our references and our rules.
CREATE TABLE "billing_accounts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"customer_id" text,
	-- The customer's default card as we last set or saw it: the invitation rule reads it inside a
	-- request's transaction, where no processor call may be made.
	"default_card_id" text,
	-- A transfer moved the household to a new owner: the old owner's cards are removed from the
	-- customer before anything else is done with it (the job or the next card request).
	"cards_release_pending" boolean DEFAULT false NOT NULL,
	"name" text,
	"address" text,
	"company_name" text,
	"vat_number" text,
	"street" text,
	"city" text,
	"county" text,
	"country" text,
	"zip" text,
	"additional_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_provider_check" CHECK ("provider" in ('local', 'stripe'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_customer_unique" ON "billing_accounts" ("provider", "customer_id") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	-- The watch it pays for. Not a foreign key with a cascade: a disconnected watch leaves the
	-- household (its row moves to the seller), and the subscription is then cancelled, not lost.
	"device_id" uuid NOT NULL,
	"provider_subscription_id" text,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"pause_reason" text,
	"billing_cycle_anchor" timestamp with time zone,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	-- The first period the billing job has not yet made a charge row for.
	"next_period_start" timestamp with time zone,
	"commitment_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "billing_subscriptions_plan_check" CHECK ("plan" in ('monthly', 'annual')),
	CONSTRAINT "billing_subscriptions_status_check" CHECK ("status" in ('pending', 'active', 'paused', 'canceled')),
	CONSTRAINT "billing_subscriptions_pause_reason_check" CHECK ("pause_reason" IS NULL OR "pause_reason" in ('owner', 'payment_failed'))
);
--> statement-breakpoint
-- One live subscription per watch: a second subscribe, even at the same moment, is refused here.
CREATE UNIQUE INDEX "billing_subscriptions_device_live_unique" ON "billing_subscriptions" ("device_id") WHERE "status" <> 'canceled';
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_provider_unique" ON "billing_subscriptions" ("provider_subscription_id") WHERE "provider_subscription_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "billing_subscriptions_tenant_idx" ON "billing_subscriptions" ("tenant_id", "created_at");
--> statement-breakpoint
-- The job's look-up of subscriptions with a period to open.
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" ("next_period_start") WHERE "status" in ('active', 'paused');
--> statement-breakpoint
CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"subscription_id" uuid NOT NULL REFERENCES "billing_subscriptions"("id") ON DELETE CASCADE,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	-- A runner's claim while it calls the processor outside any transaction: another runner skips
	-- the row until the lease ends (a runner that died leaves it to the next after the lease).
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"invoice_id" text,
	"failure_code" text,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "billing_charges_status_check" CHECK ("status" in ('due', 'retrying', 'paid', 'voided', 'uncollected', 'canceled'))
);
--> statement-breakpoint
-- A period is charged at most once: one row per subscription and period, whoever makes it.
CREATE UNIQUE INDEX "billing_charges_period_unique" ON "billing_charges" ("subscription_id", "period_start");
--> statement-breakpoint
CREATE INDEX "billing_charges_next_attempt_idx" ON "billing_charges" ("next_attempt_at") WHERE "status" in ('due', 'retrying');
--> statement-breakpoint
CREATE INDEX "billing_charges_tenant_idx" ON "billing_charges" ("tenant_id", "period_start");
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('billing_accounts');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('billing_subscriptions');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('billing_charges');
