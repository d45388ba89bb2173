CREATE TABLE "geofences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"center_lat" double precision,
	"center_lon" double precision,
	"radius_meters" double precision,
	"polygon" jsonb,
	"min_lat" double precision NOT NULL,
	"min_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geofences_shape_check" CHECK (("geofences"."kind" = 'circle' and "geofences"."center_lat" is not null and "geofences"."center_lon" is not null and "geofences"."radius_meters" > 0 and "geofences"."polygon" is null)
        or ("geofences"."kind" = 'polygon' and "geofences"."polygon" is not null and "geofences"."center_lat" is null and "geofences"."center_lon" is null and "geofences"."radius_meters" is null))
);
--> statement-breakpoint
ALTER TABLE "geofences" ADD CONSTRAINT "geofences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geofences_tenant_name_idx" ON "geofences" USING btree ("tenant_id","name");