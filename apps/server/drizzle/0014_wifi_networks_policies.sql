-- Wi-Fi networks are tenant-owned: row-level security, and every write recorded in entity changes.
SELECT homeward_enable_tenant_isolation('wifi_networks');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('wifi_networks');
