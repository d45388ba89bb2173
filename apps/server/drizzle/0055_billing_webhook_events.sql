-- Webhook events of the card processor already applied (issue 18, modules/billing-provider), by
-- event id, for either provider: the webhook route records the id in the transaction that applies
-- the event, so a redelivered or replayed event is answered without being applied again. Written
-- only by the webhook service on the server's own connection; not tenant-scoped (an event names
-- the processor's customer, not a tenant), and the request role gets no privilege on it.
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"object_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_webhook_events_provider_check" CHECK ("billing_webhook_events"."provider" in ('local', 'stripe'))
);
--> statement-breakpoint
REVOKE ALL ON "billing_webhook_events" FROM homeward_app;
