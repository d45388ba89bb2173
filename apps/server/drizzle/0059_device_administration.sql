-- Device administration (issue 19): a watch's sale state and stop, and its administration history.
ALTER TABLE "devices" ADD COLUMN "ready_for_sale" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "stopped_as" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "stopped_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_stopped_as_check" CHECK ("stopped_as" IS NULL OR "stopped_as" in ('lost', 'awaitingReturn', 'returned', 'customerDevice'));
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_physical_location_check" CHECK ("physical_location" IS NULL OR "physical_location" BETWEEN 0 AND 7);
--> statement-breakpoint
CREATE TABLE "device_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid REFERENCES "tenants"("id") ON DELETE CASCADE,
	"device_id" uuid NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"from_location" smallint,
	"to_location" smallint,
	"stop_kind" text,
	"other_device_id" uuid REFERENCES "devices"("id") ON DELETE SET NULL,
	"changes" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"changed_by_user_id" uuid,
	"changed_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_history_kind_check" CHECK ("kind" in ('location', 'sale', 'condition', 'stop', 'exchange')),
	CONSTRAINT "device_history_stop_kind_check" CHECK ("stop_kind" IS NULL OR "stop_kind" in ('lost', 'awaitingReturn', 'returned', 'customerDevice'))
);
--> statement-breakpoint
CREATE INDEX "device_history_device_created_idx" ON "device_history" USING btree ("device_id","created_at");
--> statement-breakpoint
CREATE INDEX "device_history_tenant_idx" ON "device_history" USING btree ("tenant_id");
--> statement-breakpoint
-- The history is tenant-owned like the watch it belongs to; the host reads every tenant's under "All".
SELECT homeward_enable_tenant_isolation('device_history');
--> statement-breakpoint
-- A stopped watch's subscription is paused for it (awaiting return), not by its owner or a failed charge.
ALTER TABLE "billing_subscriptions" DROP CONSTRAINT "billing_subscriptions_pause_reason_check";
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_pause_reason_check" CHECK ("pause_reason" IS NULL OR "pause_reason" in ('owner', 'payment_failed', 'device_stopped'));
--> statement-breakpoint
-- Admin roles made before device administration existed get its permissions (households never do).
INSERT INTO "permission_grants" ("id", "tenant_id", "name", "provider_name", "provider_key")
SELECT gen_random_uuid(), r."tenant_id", p.name, 'R', r."id"::text
FROM "roles" r
LEFT JOIN "tenants" t ON t."id" = r."tenant_id"
CROSS JOIN (VALUES ('Homeward.DeviceAdministration'), ('Homeward.DeviceAdministration.Edit'),
  ('Homeward.DeviceAdministration.Exchange'), ('Homeward.DeviceAdministration.Stop')) AS p(name)
WHERE r."normalized_name" = 'ADMIN' AND r."is_static" AND (r."tenant_id" IS NULL OR t."kind" = 'organization')
ON CONFLICT DO NOTHING;
