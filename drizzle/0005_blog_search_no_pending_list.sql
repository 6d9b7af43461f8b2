DROP INDEX "web_posts_search_idx";--> statement-breakpoint
CREATE INDEX "web_posts_search_idx" ON "web_posts" USING gin ("search_vector") WITH (fastupdate=false);