-- Scheduled messages: tenant isolation for both tables; the messages are audited as entity
-- changes (creation, cancellation, delivery), the recipient rows are not (they are the delivery).
SELECT homeward_enable_tenant_isolation('scheduled_messages');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('message_recipients');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('scheduled_messages');
