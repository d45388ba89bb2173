-- Geofence trackings become one row per device instead of one per (device, fence): a watch near
-- several edges moved several counters on a position and cost an upsert each (bench:ingest: about
-- 3 rows a report, the pipeline's most expensive statement). Now it costs one row, rewritten in
-- place (HOT: half of each page is kept free, and no indexed column changes). Existing trackings
-- are carried over; `since` is the old changed_at.
CREATE TABLE "device_fence_trackings" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"trackings" jsonb NOT NULL
) WITH (fillfactor = 50);
--> statement-breakpoint
INSERT INTO "device_fence_trackings" ("device_id", "tenant_id", "trackings")
SELECT "device_id", min("tenant_id"::text)::uuid,
  jsonb_object_agg("geofence_id"::text, jsonb_build_array("state", "consecutive_outside", "consecutive_inside",
    to_char("changed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM "device_geofence_states" GROUP BY "device_id";
--> statement-breakpoint
DROP TABLE "device_geofence_states" CASCADE;--> statement-breakpoint
ALTER TABLE "device_fence_trackings" ADD CONSTRAINT "device_fence_trackings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_fence_trackings" ADD CONSTRAINT "device_fence_trackings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('device_fence_trackings');
