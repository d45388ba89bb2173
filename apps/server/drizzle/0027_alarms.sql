CREATE TABLE "alarm_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"alarm_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"device_id" uuid NOT NULL,
	"citizen_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "alarms_count_positive_check" CHECK ("alarms"."count" >= 1),
	CONSTRAINT "alarms_kind_check" CHECK ("alarms"."kind" in ('sos', 'fall', 'lowBattery', 'offline', 'outsideGeofence')),
	CONSTRAINT "alarms_state_check" CHECK ("alarms"."state" in ('open', 'acknowledged', 'handled'))
);
--> statement-breakpoint
ALTER TABLE "alarm_history" ADD CONSTRAINT "alarm_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_history" ADD CONSTRAINT "alarm_history_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_history" ADD CONSTRAINT "alarm_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_history_alarm_at_idx" ON "alarm_history" USING btree ("alarm_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_device_kind_unhandled_unique" ON "alarms" USING btree ("device_id","kind") WHERE "alarms"."state" <> 'handled';--> statement-breakpoint
CREATE INDEX "alarms_tenant_last_at_idx" ON "alarms" USING btree ("tenant_id","last_at");--> statement-breakpoint
CREATE INDEX "alarms_citizen_idx" ON "alarms" USING btree ("citizen_id");