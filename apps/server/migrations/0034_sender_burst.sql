ALTER TABLE "chats" ADD COLUMN "burst_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "burst_count" integer DEFAULT 0 NOT NULL;