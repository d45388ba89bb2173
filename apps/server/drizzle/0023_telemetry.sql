CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"device_id" uuid NOT NULL,
	"command" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_positions" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"device_id" uuid NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"protocol" text NOT NULL,
	"source" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_meters" double precision,
	"speed_knots" double precision,
	"bearing" double precision,
	"altitude" double precision,
	"battery" double precision,
	CONSTRAINT "device_positions_pkey" PRIMARY KEY("id","device_time")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mqtt_secret_hash" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_positions" ADD CONSTRAINT "device_positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_positions" ADD CONSTRAINT "device_positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_queued_idx" ON "device_commands" USING btree ("device_id","created_at","id") WHERE "device_commands"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "device_commands_tenant_created_idx" ON "device_commands" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_positions_dedupe_unique" ON "device_positions" USING btree ("device_id","device_time","kind");--> statement-breakpoint
CREATE INDEX "device_positions_tenant_device_time_idx" ON "device_positions" USING btree ("tenant_id","device_id","device_time");