-- Every report updates its device's live state (last seen, battery, network, location). Two indexes
-- held last_seen_at, so each of those updates wrote a new row version elsewhere and an entry in all
-- nine indexes of devices: the pipeline's costliest statement (bench:ingest, 58 µs a report). The
-- last-seen indexes now hold last_seen_minute instead, a generated column that moves once a minute,
-- and half of each page is kept free: the other reports' updates stay on their page (HOT) and touch
-- no index. Lists sort by the minute, then by last_seen_at within it (an incremental sort). Pages
-- written before this keep their fill until the table is rewritten (VACUUM FULL devices).
DROP INDEX "devices_tenant_last_seen_idx";--> statement-breakpoint
DROP INDEX "devices_tenant_status_last_seen_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_minute" timestamp with time zone GENERATED ALWAYS AS (date_bin('1 minute', last_seen_at, '2000-01-01 00:00:00+00')) STORED;--> statement-breakpoint
CREATE INDEX "devices_tenant_last_seen_minute_idx" ON "devices" USING btree ("tenant_id","last_seen_minute" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "devices_tenant_status_last_seen_minute_idx" ON "devices" USING btree ("tenant_id","status","last_seen_minute" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "devices" SET (fillfactor = 50);
--> statement-breakpoint
-- The edit trigger of migration 0038 again, with the new live column among those it ignores.
DROP TRIGGER IF EXISTS homeward_entity_changes_edits ON devices;
--> statement-breakpoint
CREATE TRIGGER homeward_entity_changes_edits AFTER UPDATE ON devices
FOR EACH ROW WHEN (
  coalesce(current_setting('homeward.live_state_only', true), '') <> 'on'
  AND
  (to_jsonb(OLD) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'last_seen_minute', 'latitude', 'longitude', 'located_at'])
  IS DISTINCT FROM
  (to_jsonb(NEW) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'last_seen_minute', 'latitude', 'longitude', 'located_at']))
EXECUTE FUNCTION homeward_record_entity_change('id');
