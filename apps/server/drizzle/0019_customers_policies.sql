-- Customers, contact people and the product catalogue (issue [4 of 6]): tenant isolation on every
-- new tenant-owned table, entity-change history on the audited ones, and each existing tenant's
-- default contact roles (new tenants get them when they are created).
SELECT homeward_enable_tenant_isolation('products');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('customers');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('customer_product_prices');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('contact_roles');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('contact_people');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('contact_person_roles');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('products');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('customers');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('customer_product_prices');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('contact_roles');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('contact_people');
--> statement-breakpoint
INSERT INTO contact_roles (id, tenant_id, name)
SELECT gen_random_uuid(), tenants.id, defaults.name
FROM tenants CROSS JOIN (VALUES ('Agreement responsible'), ('Invoice receiver'), ('Technical contact')) AS defaults(name);
