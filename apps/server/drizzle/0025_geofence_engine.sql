CREATE TABLE "device_geofence_states" (
	"tenant_id" uuid,
	"device_id" uuid NOT NULL,
	"geofence_id" uuid NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"consecutive_outside" integer DEFAULT 0 NOT NULL,
	"consecutive_inside" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_geofence_states_device_id_geofence_id_pk" PRIMARY KEY("device_id","geofence_id")
);
--> statement-breakpoint
CREATE TABLE "geofence_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"device_id" uuid NOT NULL,
	"citizen_id" uuid,
	"geofence_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	CONSTRAINT "geofence_events_accuracy_check" CHECK ("geofence_events"."accuracy" is null or "geofence_events"."accuracy" >= 0)
);
--> statement-breakpoint
ALTER TABLE "device_geofence_states" ADD CONSTRAINT "device_geofence_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_geofence_states" ADD CONSTRAINT "device_geofence_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_geofence_states" ADD CONSTRAINT "device_geofence_states_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_events" ADD CONSTRAINT "geofence_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_events" ADD CONSTRAINT "geofence_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_events" ADD CONSTRAINT "geofence_events_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_events" ADD CONSTRAINT "geofence_events_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_geofence_states_geofence_idx" ON "device_geofence_states" USING btree ("geofence_id");--> statement-breakpoint
CREATE INDEX "geofence_events_tenant_at_idx" ON "geofence_events" USING btree ("tenant_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "geofence_events_device_at_idx" ON "geofence_events" USING btree ("device_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "geofence_events_citizen_idx" ON "geofence_events" USING btree ("citizen_id");--> statement-breakpoint
CREATE INDEX "geofence_events_geofence_idx" ON "geofence_events" USING btree ("geofence_id");