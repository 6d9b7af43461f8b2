CREATE TABLE "web_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"claim_token" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" bigint,
	"tables" integer,
	"rows" integer,
	"files" integer,
	"error" text,
	"offsite_key" text,
	"offsite_error" text,
	"progress" jsonb,
	"requested_by" text,
	"requested_by_email" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "web_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_backups" ADD CONSTRAINT "web_backups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_backups_started_at_idx" ON "web_backups" USING btree ("started_at");