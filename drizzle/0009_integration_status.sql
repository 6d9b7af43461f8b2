ALTER TABLE "web_integrations" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_integrations" ADD COLUMN "last_success" text;--> statement-breakpoint
ALTER TABLE "web_integrations" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_integrations" ADD COLUMN "last_error" text;