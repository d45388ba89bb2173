-- The local card provider (issue 18, modules/billing-provider): the embedded stand-in for the card
-- processor, kept in the database so every server node sees the same customers, cards and invoices.
-- The tables are keyed by the provider's own ids (`cus_...`), not by tenants, as the processor's
-- objects are: only the provider reads them, on the server's own connection, and the request role
-- gets no privilege on them (the REVOKE below undoes the default grant of migration 0009), so no
-- request reaches a card or customer here. Cards keep brand, last four digits and expiry only.
CREATE TABLE "billing_local_account" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_local_account_single_row" CHECK ("billing_local_account"."id" = 1)
);
--> statement-breakpoint
-- The webhook signing secret of this installation: 244 random bits (gen_random_uuid draws from the
-- strong random source), made once, so events stay verifiable across restarts and nodes.
INSERT INTO "billing_local_account" ("id", "webhook_secret")
VALUES (1, 'whsec_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
CREATE TABLE "billing_local_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_local_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"lookup_key" text,
	"unit_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"commitment_months" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_local_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"company_name" text,
	"vat_number" text,
	"address" jsonb,
	"additional_info" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_payment_method_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_local_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_local_setup_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "billing_local_setup_intents_status_check" CHECK ("billing_local_setup_intents"."status" in ('requires_payment_method', 'succeeded'))
);
--> statement-breakpoint
CREATE TABLE "billing_local_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"charge_failure" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_local_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"customer_id" text NOT NULL,
	"price_id" text NOT NULL,
	"status" text NOT NULL,
	"billing_cycle_anchor" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_local_subscriptions_status_check" CHECK ("billing_local_subscriptions"."status" in ('active', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "billing_local_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"total" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"last_failure" jsonb,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "billing_local_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "billing_local_invoices_status_check" CHECK ("billing_local_invoices"."status" in ('open', 'paid', 'void'))
);
--> statement-breakpoint
CREATE TABLE "billing_local_idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_local_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
-- Invoice numbers (HW-000001), one sequence for every node.
CREATE SEQUENCE "billing_local_invoice_number_seq";
--> statement-breakpoint
ALTER TABLE "billing_local_prices" ADD CONSTRAINT "billing_local_prices_product_id_billing_local_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_local_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_local_setup_intents" ADD CONSTRAINT "billing_local_setup_intents_customer_id_billing_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."billing_local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_local_payment_methods" ADD CONSTRAINT "billing_local_payment_methods_customer_id_billing_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."billing_local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_local_subscriptions" ADD CONSTRAINT "billing_local_subscriptions_customer_id_billing_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."billing_local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_local_subscriptions" ADD CONSTRAINT "billing_local_subscriptions_price_id_billing_local_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."billing_local_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_local_invoices" ADD CONSTRAINT "billing_local_invoices_customer_id_billing_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."billing_local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_local_invoices" ADD CONSTRAINT "billing_local_invoices_subscription_id_billing_local_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_local_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_local_prices_lookup_key_unique" ON "billing_local_prices" USING btree ("lookup_key") WHERE "billing_local_prices"."lookup_key" is not null;--> statement-breakpoint
CREATE INDEX "billing_local_payment_methods_customer_idx" ON "billing_local_payment_methods" USING btree ("customer_id","seq");--> statement-breakpoint
CREATE INDEX "billing_local_subscriptions_customer_idx" ON "billing_local_subscriptions" USING btree ("customer_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_local_invoices_subscription_period_unique" ON "billing_local_invoices" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "billing_local_invoices_customer_idx" ON "billing_local_invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_local_events_pending_idx" ON "billing_local_events" USING btree ("seq") WHERE "billing_local_events"."delivered_at" is null;--> statement-breakpoint
REVOKE ALL ON "billing_local_account", "billing_local_products", "billing_local_prices", "billing_local_customers",
  "billing_local_setup_intents", "billing_local_payment_methods", "billing_local_subscriptions",
  "billing_local_invoices", "billing_local_idempotency_keys", "billing_local_events" FROM homeward_app;
--> statement-breakpoint
REVOKE ALL ON SEQUENCE "billing_local_invoice_number_seq" FROM homeward_app;
