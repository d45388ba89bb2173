ALTER TABLE "organization_units" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_units" ADD COLUMN "geofence_id" uuid;--> statement-breakpoint
CREATE INDEX "organization_units_tenant_name_idx" ON "organization_units" USING btree ("tenant_id","display_name");