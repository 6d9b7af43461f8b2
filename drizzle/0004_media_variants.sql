ALTER TABLE "web_media" ADD COLUMN "uploaded_size" integer;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "placeholder" text;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "dominant_color" text;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "processed_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "web_media" ADD COLUMN "processing_claimed_until" timestamp with time zone;