-- Alarms on the phone (issue 21): Web Push subscriptions of users, the server's VAPID key pair,
-- the channels an alarm receiver is reached by, and outbox messages of channel 'push' that know
-- which alarm and receiver they are for (the delivery writes the alarm's timeline and falls back).
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failure_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_tenant_idx" ON "push_subscriptions" USING btree ("tenant_id");
--> statement-breakpoint
-- No entity-change triggers: a subscription's keys are the device's secrets, not business data.
SELECT homeward_enable_tenant_isolation('push_subscriptions');
--> statement-breakpoint
-- One VAPID key pair for every node, made by the first start when VAPID_* are unset. Host data
-- outside any tenant; only the server (owner role) reads it.
CREATE TABLE "push_vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_single_row_check" CHECK ("id" = 1)
);
--> statement-breakpoint
REVOKE ALL ON "push_vapid_keys" FROM homeward_app;
--> statement-breakpoint
ALTER TABLE "citizen_alarm_receivers" ADD COLUMN "channels" text[] DEFAULT '{sms,email}' NOT NULL;
--> statement-breakpoint
-- Existing receivers keep what reached them (SMS with a phone, e-mail with an address), and users
-- are pushed to as well.
UPDATE "citizen_alarm_receivers" r SET "channels" = array_remove(array[
	CASE WHEN r."kind" = 'user' THEN 'push' END,
	CASE WHEN coalesce(u."phone_number", c."phone", '') <> '' THEN 'sms' END,
	CASE WHEN coalesce(u."email", c."email", '') <> '' THEN 'email' END
], NULL)
FROM "citizen_alarm_receivers" r2
LEFT JOIN "users" u ON u."id" = r2."user_id"
LEFT JOIN "contact_people" c ON c."id" = r2."contact_person_id"
WHERE r2."id" = r."id";
--> statement-breakpoint
ALTER TABLE "citizen_alarm_receivers" ADD CONSTRAINT "citizen_alarm_receivers_channels_check" CHECK ("channels" <@ array['push', 'sms', 'email']::text[]);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_check";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("channel" in ('email', 'sms', 'push'));
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "alarm_id" uuid;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "receiver_id" uuid;
--> statement-breakpoint
CREATE INDEX "outbox_alarm_id_idx" ON "outbox" USING btree ("alarm_id") WHERE "alarm_id" IS NOT NULL;
--> statement-breakpoint
-- An endpoint is one browser profile's: when another user (of any tenant) subscribes the same
-- endpoint, the earlier user's row goes. A request runs under row-level security and cannot see
-- other tenants' rows, so this one narrow step runs as the owner; the browser proved it holds the
-- endpoint by subscribing it.
CREATE OR REPLACE FUNCTION homeward_release_push_endpoint(target_endpoint text, new_user uuid)
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  DELETE FROM push_subscriptions WHERE endpoint = target_endpoint AND user_id <> new_user;
$$;
