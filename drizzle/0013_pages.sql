CREATE TABLE "web_page_previews" (
	"token" text PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_page_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"og_image_url" text,
	"canonical_url" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"saved_by" text,
	"saved_by_name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'page' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"og_image_url" text,
	"canonical_url" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_pages_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "web_page_previews" ADD CONSTRAINT "web_page_previews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_page_revisions" ADD CONSTRAINT "web_page_revisions_page_id_web_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."web_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_page_revisions" ADD CONSTRAINT "web_page_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_pages" ADD CONSTRAINT "web_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_page_previews_expires_at_idx" ON "web_page_previews" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "web_page_revisions_page_id_idx" ON "web_page_revisions" USING btree ("page_id","id");--> statement-breakpoint
CREATE INDEX "web_pages_status_published_at_idx" ON "web_pages" USING btree ("status","published_at");