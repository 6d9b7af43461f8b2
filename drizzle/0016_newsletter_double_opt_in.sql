CREATE TABLE "web_newsletter_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"source" text NOT NULL,
	"wording_version" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_newsletter_subscriptions" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "web_newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_newsletter_subscriptions" ADD COLUMN "suppressed_reason" text;--> statement-breakpoint
ALTER TABLE "web_newsletter_subscriptions" ADD COLUMN "suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_newsletter_consents" ADD CONSTRAINT "web_newsletter_consents_subscription_id_web_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."web_newsletter_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_newsletter_consents_subscription_idx" ON "web_newsletter_consents" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "web_newsletter_subscriptions" ADD CONSTRAINT "web_newsletter_subscriptions_confirm_token_unique" UNIQUE("confirm_token");--> statement-breakpoint
-- Today's subscribers stay as they are; each gets a record saying it predates double opt-in.
INSERT INTO "web_newsletter_consents" ("subscription_id", "source", "wording_version", "confirmed", "given_at")
SELECT "id", 'before-double-opt-in', 'unrecorded', false, "subscribed_at" FROM "web_newsletter_subscriptions";
