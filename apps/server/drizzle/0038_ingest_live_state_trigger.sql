-- The ingest pipeline updates the live state of every reporting device: a row per report. The edit
-- trigger's WHEN builds two jsonb images of the row to find a change outside the live columns,
-- which costs more than the update itself. The pipeline's transactions change live columns only
-- and say so with a transaction-local setting (`homeward.live_state_only`); for them the check is
-- skipped first. Every other update is checked as before, whatever columns it sets.
DROP TRIGGER IF EXISTS homeward_entity_changes_edits ON devices;
--> statement-breakpoint
CREATE TRIGGER homeward_entity_changes_edits AFTER UPDATE ON devices
FOR EACH ROW WHEN (
  coalesce(current_setting('homeward.live_state_only', true), '') <> 'on'
  AND
  (to_jsonb(OLD) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'latitude', 'longitude', 'located_at'])
  IS DISTINCT FROM
  (to_jsonb(NEW) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'latitude', 'longitude', 'located_at']))
EXECUTE FUNCTION homeward_record_entity_change('id');
