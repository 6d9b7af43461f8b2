CREATE TABLE "web_editor_versions" (
	"editor" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_post_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"category_id" integer,
	"author_id" text,
	"featured_image_url" text,
	"meta_title" text,
	"meta_description" text,
	"saved_by" text,
	"saved_by_name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"target" text NOT NULL,
	"origin" text DEFAULT 'admin' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
ALTER TABLE "web_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "web_post_revisions" ADD CONSTRAINT "web_post_revisions_post_id_web_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."web_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_post_revisions" ADD CONSTRAINT "web_post_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_redirects" ADD CONSTRAINT "web_redirects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_post_revisions_post_id_idx" ON "web_post_revisions" USING btree ("post_id","id");--> statement-breakpoint
-- Posts written before revisions existed start their history with what they are now.
INSERT INTO "web_post_revisions" ("post_id", "version", "title", "slug", "excerpt", "content", "status", "published_at", "category_id", "author_id", "featured_image_url", "meta_title", "meta_description", "saved_by_name", "source", "created_at")
SELECT "id", "version", "title", "slug", "excerpt", "content", "status", "published_at", "category_id", "author_id", "featured_image_url", "meta_title", "meta_description", '', 'before-history', "updated_at" FROM "web_posts";
