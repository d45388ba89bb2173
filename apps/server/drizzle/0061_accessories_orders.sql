-- Accessories and customer orders (issue 19). The catalogue's accessory items get the spec's
-- fields (launch date, end of life, count in stock); a customer's order reserves watches from stock
-- and takes accessories from their count. Orders, their lines and their watches are tenant-owned:
-- row-level security like every tenant table, and entity changes on the audited ones.
ALTER TABLE "products" ADD COLUMN "launch_date" date;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "end_of_life_date" date;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_count" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_count_not_negative" CHECK ("stock_count" >= 0);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_end_of_life_after_launch" CHECK ("end_of_life_date" > "launch_date");
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"organization_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "customer_order_lines_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_order_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"order_id" uuid NOT NULL,
	"device_id" uuid,
	"imei" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_organization_id_organization_units_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization_units"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_order_devices" ADD CONSTRAINT "customer_order_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_order_devices" ADD CONSTRAINT "customer_order_devices_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_order_devices" ADD CONSTRAINT "customer_order_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "customer_orders_tenant_customer_created_idx" ON "customer_orders" USING btree ("tenant_id","customer_id","created_at");
--> statement-breakpoint
CREATE INDEX "customer_orders_tenant_created_idx" ON "customer_orders" USING btree ("tenant_id","created_at");
--> statement-breakpoint
CREATE INDEX "customer_order_lines_order_idx" ON "customer_order_lines" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "customer_order_lines_product_idx" ON "customer_order_lines" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "customer_order_devices_order_idx" ON "customer_order_devices" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "customer_order_devices_device_idx" ON "customer_order_devices" USING btree ("device_id");
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('customer_orders');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('customer_order_lines');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('customer_order_devices');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('customer_orders');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('customer_order_lines');
--> statement-breakpoint
SELECT homeward_enable_entity_changes('customer_order_devices');
