-- Processor customers to delete (issue 18): deleting an owner's account deletes the household and,
-- by cascade, its billing account, in the request's transaction; the processor is not called from
-- inside a transaction, so the customer id is queued here in that same transaction and the billing
-- job deletes the customer at the processor (its cards, details and any paused subscription) after
-- the commit. Not tenant-scoped (the household no longer exists); the request role may only add.
CREATE TABLE "billing_customer_erasures" (
	"customer_id" text NOT NULL,
	"provider" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customer_erasures_pk" PRIMARY KEY ("provider", "customer_id")
);
--> statement-breakpoint
REVOKE ALL ON "billing_customer_erasures" FROM homeward_app;
--> statement-breakpoint
GRANT INSERT ON "billing_customer_erasures" TO homeward_app;
