-- Enterprise invoices (issue 20): a tenant's monthly invoices to its customers, their lines, and a
-- per-tenant counter that numbers them without gaps (updated in the transaction that makes the
-- invoices, so a rolled-back run rolls its numbers back too). The outbox gets attachments (the
-- invoice PDF). Tenant-owned tables: row-level security like every tenant table.
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"customer_id" uuid,
	"payer_name" text NOT NULL,
	"invoice_email" text DEFAULT '' NOT NULL,
	"month" text NOT NULL,
	"issued_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"tax_zone" text NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"credited_invoice_id" uuid,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_month_check" CHECK ("month" ~ '^\d{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "invoices_due_after_issue" CHECK ("due_date" >= "issued_date")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"device_id" uuid,
	"device_name" text,
	"month" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"amount_minor" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_number_unique" ON "invoices" USING btree ("tenant_id","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_customer_month_unique" ON "invoices" USING btree ("tenant_id","customer_id","month") WHERE "credited_invoice_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credited_invoice_unique" ON "invoices" USING btree ("credited_invoice_id") WHERE "credited_invoice_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "invoices_tenant_month_idx" ON "invoices" USING btree ("tenant_id","month");
--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");
--> statement-breakpoint
CREATE INDEX "invoice_lines_tenant_month_device_idx" ON "invoice_lines" USING btree ("tenant_id","month","device_id");
--> statement-breakpoint
CREATE INDEX "invoice_lines_device_idx" ON "invoice_lines" USING btree ("device_id");
--> statement-breakpoint
CREATE INDEX "invoice_lines_product_idx" ON "invoice_lines" USING btree ("product_id");
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('invoice_number_counters');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('invoices');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('invoice_lines');
--> statement-breakpoint
-- Status changes and credit notes are audited; lines are written once with their invoice and never
-- change, so they carry no entity-change trigger (a run writes one line per watch).
SELECT homeward_enable_entity_changes('invoices');
--> statement-breakpoint
-- Admin roles made before enterprise invoices existed get the new actions (households never do).
INSERT INTO "permission_grants" ("id", "tenant_id", "name", "provider_name", "provider_key")
SELECT gen_random_uuid(), r."tenant_id", p.name, 'R', r."id"::text
FROM "roles" r
LEFT JOIN "tenants" t ON t."id" = r."tenant_id"
CROSS JOIN (VALUES ('Homeward.Invoices.Create'), ('Homeward.Invoices.Edit'),
  ('Homeward.Invoices.Send'), ('Homeward.Invoices.MarkPaid')) AS p(name)
WHERE r."normalized_name" = 'ADMIN' AND r."is_static" AND (r."tenant_id" IS NULL OR t."kind" = 'organization')
ON CONFLICT DO NOTHING;
