CREATE TABLE "web_post_views" (
	"post_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_post_views_post_id_visitor_key_pk" PRIMARY KEY("post_id","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "web_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("content", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "web_post_views" ADD CONSTRAINT "web_post_views_post_id_web_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."web_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_posts_search_idx" ON "web_posts" USING gin ("search_vector");