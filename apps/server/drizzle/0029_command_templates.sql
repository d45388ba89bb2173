CREATE TABLE "command_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"command_text" text NOT NULL,
	"product_id" uuid,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_text_message" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "command_templates" ADD CONSTRAINT "command_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_templates" ADD CONSTRAINT "command_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "command_templates_tenant_name_unique" ON "command_templates" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "command_templates_tenant_created_idx" ON "command_templates" USING btree ("tenant_id","created_at");