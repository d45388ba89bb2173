CREATE TABLE "citizen_alarm_receivers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"citizen_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"contact_person_id" uuid,
	CONSTRAINT "citizen_alarm_receivers_one_receiver_check" CHECK (("citizen_alarm_receivers"."kind" = 'user' and "citizen_alarm_receivers"."user_id" is not null and "citizen_alarm_receivers"."contact_person_id" is null)
        or ("citizen_alarm_receivers"."kind" = 'contactPerson' and "citizen_alarm_receivers"."contact_person_id" is not null and "citizen_alarm_receivers"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "citizen_device_settings" (
	"tenant_id" uuid,
	"citizen_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citizen_device_settings_citizen_id_device_id_pk" PRIMARY KEY("citizen_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "citizen_geofences" (
	"tenant_id" uuid,
	"citizen_id" uuid NOT NULL,
	"geofence_id" uuid NOT NULL,
	CONSTRAINT "citizen_geofences_citizen_id_geofence_id_pk" PRIMARY KEY("citizen_id","geofence_id")
);
--> statement-breakpoint
CREATE TABLE "citizens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"cpr_encrypted" text NOT NULL,
	"cpr_hash" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"specific_customer_id" uuid,
	"standard_payer" text DEFAULT 'municipality' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "citizen_id" uuid;--> statement-breakpoint
ALTER TABLE "citizen_alarm_receivers" ADD CONSTRAINT "citizen_alarm_receivers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_alarm_receivers" ADD CONSTRAINT "citizen_alarm_receivers_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_alarm_receivers" ADD CONSTRAINT "citizen_alarm_receivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_alarm_receivers" ADD CONSTRAINT "citizen_alarm_receivers_contact_person_id_contact_people_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contact_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_device_settings" ADD CONSTRAINT "citizen_device_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_device_settings" ADD CONSTRAINT "citizen_device_settings_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_device_settings" ADD CONSTRAINT "citizen_device_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_geofences" ADD CONSTRAINT "citizen_geofences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_geofences" ADD CONSTRAINT "citizen_geofences_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_geofences" ADD CONSTRAINT "citizen_geofences_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizens" ADD CONSTRAINT "citizens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizens" ADD CONSTRAINT "citizens_organization_id_organization_units_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizens" ADD CONSTRAINT "citizens_specific_customer_id_customers_id_fk" FOREIGN KEY ("specific_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "citizen_alarm_receivers_citizen_position_unique" ON "citizen_alarm_receivers" USING btree ("citizen_id","position");--> statement-breakpoint
CREATE INDEX "citizen_alarm_receivers_user_idx" ON "citizen_alarm_receivers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "citizen_alarm_receivers_contact_person_idx" ON "citizen_alarm_receivers" USING btree ("contact_person_id");--> statement-breakpoint
CREATE INDEX "citizen_device_settings_device_idx" ON "citizen_device_settings" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "citizen_geofences_geofence_idx" ON "citizen_geofences" USING btree ("geofence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "citizens_tenant_cpr_hash_unique" ON "citizens" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"cpr_hash");--> statement-breakpoint
CREATE INDEX "citizens_tenant_surname_idx" ON "citizens" USING btree ("tenant_id",lower("surname"));--> statement-breakpoint
CREATE INDEX "citizens_organization_idx" ON "citizens" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "citizens_specific_customer_idx" ON "citizens" USING btree ("specific_customer_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_citizen_id_citizens_id_fk" FOREIGN KEY ("citizen_id") REFERENCES "public"."citizens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_citizen_idx" ON "devices" USING btree ("citizen_id");