CREATE TABLE "wifi_networks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"mac_address" text NOT NULL,
	"ssid" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'manual' NOT NULL,
	"trust_level" text DEFAULT 'unknown' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"min_latitude" double precision,
	"max_latitude" double precision,
	"min_longitude" double precision,
	"max_longitude" double precision,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wifi_networks_tenant_mac_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","mac_address")
);
--> statement-breakpoint
ALTER TABLE "wifi_networks" ADD CONSTRAINT "wifi_networks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wifi_networks_tenant_created_idx" ON "wifi_networks" USING btree ("tenant_id","created_at");