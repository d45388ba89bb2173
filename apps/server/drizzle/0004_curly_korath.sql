CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid,
	"user_name" text,
	"impersonator_user_id" uuid,
	"impersonator_tenant_id" uuid,
	"execution_time" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"http_method" text NOT NULL,
	"url" text NOT NULL,
	"status_code" integer,
	"client_ip" text,
	"browser_info" text,
	"correlation_id" text,
	"exceptions" text,
	"comments" text
);
--> statement-breakpoint
CREATE TABLE "audit_redacted_columns" (
	"column_name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"audit_log_id" uuid,
	"change_time" timestamp with time zone DEFAULT now() NOT NULL,
	"change_type" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"property_changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_time_idx" ON "audit_logs" USING btree ("tenant_id","execution_time");--> statement-breakpoint
CREATE INDEX "audit_logs_user_time_idx" ON "audit_logs" USING btree ("user_id","execution_time");--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_time_idx" ON "entity_changes" USING btree ("tenant_id","change_time");--> statement-breakpoint
CREATE INDEX "entity_changes_entity_idx" ON "entity_changes" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "entity_changes_audit_log_idx" ON "entity_changes" USING btree ("audit_log_id");