-- SIM cards (issue 19): a tenant's SIMs by ICCID, with the watch's phone number (MSISDN, E.164)
-- and the watch each is paired with. The ICCID is unique per tenant; an MSISDN is unique among the
-- tenant's active SIMs only, because operators give a deactivated SIM's number to a new one. A
-- watch carries one SIM at most, and only an active SIM is paired (deactivating unpairs).
CREATE TABLE "simcards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"iccid" text NOT NULL,
	"msisdn" text NOT NULL,
	"operator" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"device_id" uuid,
	"deactivated_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simcards_tenant_iccid_unique" UNIQUE("tenant_id","iccid"),
	CONSTRAINT "simcards_device_unique" UNIQUE("device_id"),
	CONSTRAINT "simcards_status_check" CHECK ("status" IN ('active', 'deactivated')),
	CONSTRAINT "simcards_paired_when_active_check" CHECK ("device_id" IS NULL OR "status" = 'active')
);
--> statement-breakpoint
ALTER TABLE "simcards" ADD CONSTRAINT "simcards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simcards" ADD CONSTRAINT "simcards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simcards_tenant_active_msisdn_unique" ON "simcards" USING btree ("tenant_id","msisdn") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "simcards_tenant_created_idx" ON "simcards" USING btree ("tenant_id","created_at");
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('simcards');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('simcards');
