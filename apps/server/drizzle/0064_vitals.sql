-- Vitals (issue 21): heart rate, SpO2, blood pressure and body temperature the watches send, one row
-- per reading (device and device time; the pipeline merges two frames of the same moment into one
-- row), with the citizen wearing the watch then. Kept as long as positions: the daily position
-- partition job deletes readings older than the position retention (`vitals-retention.ts`); the
-- BRIN index on `at` keeps that delete cheap on an append-mostly table.
CREATE TABLE "vital_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"device_id" uuid NOT NULL,
	"citizen_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"heart_rate" double precision,
	"spo2" double precision,
	"systolic" double precision,
	"diastolic" double precision,
	"temperature" double precision
);
--> statement-breakpoint
ALTER TABLE "vital_readings" ADD CONSTRAINT "vital_readings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vital_readings" ADD CONSTRAINT "vital_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vital_readings" ADD CONSTRAINT "vital_readings_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "vital_readings_device_at_unique" ON "vital_readings" USING btree ("device_id","at");
--> statement-breakpoint
CREATE INDEX "vital_readings_citizen_at_idx" ON "vital_readings" USING btree ("citizen_id","at");
--> statement-breakpoint
CREATE INDEX "vital_readings_at_brin_idx" ON "vital_readings" USING brin ("at");
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('vital_readings');
--> statement-breakpoint
-- A citizen's limits; a reading outside raises a `vitals` alarm. Null: no limit.
CREATE TABLE "citizen_vital_thresholds" (
	"citizen_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"heart_rate_min" integer,
	"heart_rate_max" integer,
	"spo2_min" integer,
	"systolic_max" integer,
	"temperature_min" double precision,
	"temperature_max" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citizen_vital_thresholds" ADD CONSTRAINT "citizen_vital_thresholds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "citizen_vital_thresholds" ADD CONSTRAINT "citizen_vital_thresholds_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('citizen_vital_thresholds');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('citizen_vital_thresholds');
--> statement-breakpoint
ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_check";
--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_check" CHECK ("alarms"."kind" in ('sos', 'fall', 'removal', 'outsideGeofence', 'offline', 'lowBattery', 'general', 'vitals'));
