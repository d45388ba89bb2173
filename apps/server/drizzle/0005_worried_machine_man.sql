CREATE TABLE "language_texts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"culture_name" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"culture_name" text NOT NULL,
	"ui_culture_name" text NOT NULL,
	"display_name" text NOT NULL,
	"flag_icon" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "language_texts_culture_namespace_key_unique" ON "language_texts" USING btree ("culture_name","namespace","key");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_culture_name_unique" ON "languages" USING btree (lower("culture_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "languages_single_default" ON "languages" USING btree ("is_default") WHERE "languages"."is_default";