-- Geofence engine (issue [6 of 6]): both tables are tenant-owned, so both get row-level security.
-- Neither gets entity-change triggers: device_geofence_states is machine state rewritten on every
-- position of a tracked device, and geofence_events is itself a log of what happened.
SELECT homeward_enable_tenant_isolation('device_geofence_states');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('geofence_events');
