-- Data reports (issue 20): monthly e-mail schedules of a report. Tenant-owned: row-level security
-- like every tenant table, and every write recorded in entity changes. `last_sent_month` makes the
-- monthly job idempotent: it claims a month by changing it in the transaction that queues the e-mail.
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"day_of_month" integer NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"last_sent_month" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_kind_check" CHECK ("kind" in ('user-overview', 'security-logs', 'devices', 'device-alarms', 'device-alarm-summary')),
	CONSTRAINT "report_schedules_format_check" CHECK ("format" in ('xlsx', 'csv')),
	CONSTRAINT "report_schedules_day_check" CHECK ("day_of_month" between 1 and 28),
	CONSTRAINT "report_schedules_recipients_check" CHECK (jsonb_typeof("recipients") = 'array')
);
--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_created_idx" ON "report_schedules" USING btree ("tenant_id","created_at");
--> statement-breakpoint
-- The device-alarms report reads a tenant's alarms by when they were raised, in keyset order.
CREATE INDEX "alarms_tenant_first_at_idx" ON "alarms" USING btree ("tenant_id","first_at","id");
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('report_schedules');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('report_schedules');
