ALTER TABLE "devices" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organization_units_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_organization_idx" ON "devices" USING btree ("organization_id");