-- Citizens (issue [5 of 6]): tenant isolation on every new tenant-owned table, entity-change
-- history on all of them, and the CPR columns on the audit redaction list so an entity change
-- never shows a CPR number, encrypted or hashed.
insert into audit_redacted_columns (column_name) values ('cpr_encrypted'), ('cpr_hash') on conflict do nothing;
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('citizens');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('citizen_device_settings');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('citizen_geofences');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('citizen_alarm_receivers');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('citizens');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('citizen_device_settings');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('citizen_geofences');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('citizen_alarm_receivers');
