-- Geofences are tenant-owned: row-level security on the request's tenant scope, and every change
-- recorded with old and new values.
SELECT homeward_enable_tenant_isolation('geofences');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('geofences');
