CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"notified_at" timestamp with time zone
);
