-- Unlogged (decisions/018): a count needs no WAL flush, and losing the counters in a crash only
-- gives every client a fresh window. Drizzle cannot express it, so it is written here.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");