CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"list_price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"stella_id_prefix" text,
	"serial_number_pattern" text,
	"expected_reporting_interval_seconds" integer,
	"default_app_settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_product_prices" (
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price_minor" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_product_prices_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"invoice_email" text DEFAULT '' NOT NULL,
	"agreement_responsible_name" text DEFAULT '' NOT NULL,
	"agreement_responsible_phone" text DEFAULT '' NOT NULL,
	"agreement_responsible_email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"preferred_billing_method" text DEFAULT 'email' NOT NULL,
	"type" text DEFAULT 'municipality' NOT NULL,
	"tax_zone" text DEFAULT 'domestic' NOT NULL,
	"currency" text DEFAULT 'DKK' NOT NULL,
	"cvr" text DEFAULT '' NOT NULL,
	"ean" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_people" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_person_roles" (
	"tenant_id" uuid,
	"contact_person_id" uuid NOT NULL,
	"contact_role_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_product_prices" ADD CONSTRAINT "customer_product_prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_product_prices" ADD CONSTRAINT "customer_product_prices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_product_prices" ADD CONSTRAINT "customer_product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_people" ADD CONSTRAINT "contact_people_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_people" ADD CONSTRAINT "contact_people_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_person_roles" ADD CONSTRAINT "contact_person_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_person_roles" ADD CONSTRAINT "contact_person_roles_contact_person_id_contact_people_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contact_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_person_roles" ADD CONSTRAINT "contact_person_roles_contact_role_id_contact_roles_id_fk" FOREIGN KEY ("contact_role_id") REFERENCES "public"."contact_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_roles" ADD CONSTRAINT "contact_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_tenant_name_idx" ON "products" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customer_product_prices_product_idx" ON "customer_product_prices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "customers_tenant_lower_name_idx" ON "customers" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_people_customer_idx" ON "contact_people" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contact_people_tenant_last_name_idx" ON "contact_people" USING btree ("tenant_id",lower("last_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_person_roles_pk" ON "contact_person_roles" USING btree ("contact_person_id","contact_role_id");--> statement-breakpoint
CREATE INDEX "contact_person_roles_role_idx" ON "contact_person_roles" USING btree ("contact_role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_roles_tenant_name_unique" ON "contact_roles" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));