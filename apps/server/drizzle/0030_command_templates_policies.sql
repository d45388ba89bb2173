-- Command templates (issue [6 of 6]): tenant isolation and entity-change audit.
SELECT homeward_enable_tenant_isolation('command_templates');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('command_templates');
