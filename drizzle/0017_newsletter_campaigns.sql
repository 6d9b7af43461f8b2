CREATE TABLE "web_newsletter_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"post_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_newsletter_pace" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_newsletter_subscriptions" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "web_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "web_outbox" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "web_newsletter_campaigns" ADD CONSTRAINT "web_newsletter_campaigns_post_id_web_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."web_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_newsletter_campaigns" ADD CONSTRAINT "web_newsletter_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_newsletter_campaigns_status_idx" ON "web_newsletter_campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
ALTER TABLE "web_outbox" ADD CONSTRAINT "web_outbox_campaign_id_web_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."web_newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_outbox_campaign_idx" ON "web_outbox" USING btree ("campaign_id","status");--> statement-breakpoint
ALTER TABLE "web_outbox" ADD CONSTRAINT "web_outbox_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
-- Each subscriber is tagged with where it signed up (its first consent record's place).
UPDATE "web_newsletter_subscriptions" s SET "tags" = ARRAY[c."source"]
FROM (SELECT DISTINCT ON ("subscription_id") "subscription_id", "source" FROM "web_newsletter_consents"
      WHERE "source" <> 'before-double-opt-in' ORDER BY "subscription_id", "given_at") c
WHERE c."subscription_id" = s."id";
