ALTER TABLE "devices" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "serial_number" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "stella_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "device_identifier" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "purchase_date" date;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sale_type" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "diag" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "battery" smallint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "network_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "located_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_stella_id_unique" ON "devices" USING btree ("stella_id") WHERE "devices"."stella_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_identifier_unique" ON "devices" USING btree ("device_identifier") WHERE "devices"."device_identifier" is not null;--> statement-breakpoint
CREATE INDEX "devices_tenant_last_seen_idx" ON "devices" USING btree ("tenant_id","last_seen_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "devices_tenant_status_last_seen_idx" ON "devices" USING btree ("tenant_id","status","last_seen_at" DESC NULLS LAST,"id");