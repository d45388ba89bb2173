-- National login (issue 22): a tenant's national-ID broker (an OpenID Connect provider its users
-- sign in through; the client secret encrypted), and the national identity each national-ID user
-- is bound to (an HMAC to find it, the ciphertext to read it back, like CPR numbers).
CREATE TABLE "national_login_brokers" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"identity_claim" text DEFAULT 'sub' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "national_login_brokers" ADD CONSTRAINT "national_login_brokers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "national_identities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"identity_hash" text NOT NULL,
	"identity_encrypted" text NOT NULL,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "national_identities_user_unique" UNIQUE("user_id"),
	CONSTRAINT "national_identities_tenant_hash_unique" UNIQUE("tenant_id","identity_hash")
);
--> statement-breakpoint
ALTER TABLE "national_identities" ADD CONSTRAINT "national_identities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_identities" ADD CONSTRAINT "national_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('national_login_brokers');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('national_identities');
