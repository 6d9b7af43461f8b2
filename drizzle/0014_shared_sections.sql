CREATE TABLE "web_shared_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"block" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_shared_sections_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "web_shared_sections" ADD CONSTRAINT "web_shared_sections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;