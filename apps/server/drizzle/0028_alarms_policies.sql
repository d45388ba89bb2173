-- Alarms (issue [6 of 6]): tenant isolation and entity-change audit for alarms; the history is
-- isolated too, but not audited (it is itself the alarm's audit trail).
SELECT homeward_enable_tenant_isolation('alarms');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('alarm_history');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('alarms');
