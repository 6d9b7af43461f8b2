CREATE TABLE "web_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"target" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	"last_status" integer,
	"last_answer" text,
	"last_attempt_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "web_outbox_due_idx" ON "web_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "web_outbox_created_at_idx" ON "web_outbox" USING btree ("created_at");