-- Coordinates a device sends without a fix (a watch's `V` frame, OsmAnd valid=false) are stored and
-- shown as "last known, no fix", flagged here; they never move a geofence state. Both columns are
-- constant-default additions (no table rewrite, the partitions of device_positions included).
ALTER TABLE "devices" ADD COLUMN "location_valid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "device_positions" ADD COLUMN "valid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The edit trigger of migration 0042 again, with the new live column among those it ignores: an
-- update outside the pipeline that moves only live columns (the location among them) is no edit.
DROP TRIGGER IF EXISTS homeward_entity_changes_edits ON devices;
--> statement-breakpoint
CREATE TRIGGER homeward_entity_changes_edits AFTER UPDATE ON devices
FOR EACH ROW WHEN (
  coalesce(current_setting('homeward.live_state_only', true), '') <> 'on'
  AND
  (to_jsonb(OLD) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'last_seen_minute', 'latitude', 'longitude', 'located_at', 'location_valid'])
  IS DISTINCT FROM
  (to_jsonb(NEW) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'last_seen_minute', 'latitude', 'longitude', 'located_at', 'location_valid']))
EXECUTE FUNCTION homeward_record_entity_change('id');
