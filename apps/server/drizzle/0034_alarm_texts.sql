CREATE TABLE "alarm_texts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_texts_tenant_kind_language_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","kind","language")
);
--> statement-breakpoint
ALTER TABLE "alarm_texts" ADD CONSTRAINT "alarm_texts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;