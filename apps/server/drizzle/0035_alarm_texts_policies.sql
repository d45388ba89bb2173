-- Alarm texts (spec §7): tenant isolation and entity-change audit (who changed a message and when).
SELECT homeward_enable_tenant_isolation('alarm_texts');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('alarm_texts');
