CREATE TABLE "bot_check_spent" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_key" text,
	"expires_at" timestamp with time zone NOT NULL
);
