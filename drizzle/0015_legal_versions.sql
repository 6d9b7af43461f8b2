CREATE TABLE "web_legal_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"legal_version" text DEFAULT '' NOT NULL,
	"change_summary" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_page_revisions" ADD COLUMN "legal_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "web_page_revisions" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "web_page_revisions" ADD COLUMN "change_summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "legal_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "change_summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "web_legal_versions" ADD CONSTRAINT "web_legal_versions_page_id_web_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."web_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_legal_versions_page_date_idx" ON "web_legal_versions" USING btree ("page_id","effective_date");