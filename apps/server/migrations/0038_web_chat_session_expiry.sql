ALTER TABLE "web_chat_sessions" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_chat_sessions" ADD COLUMN "verification_lapsed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "web_chat_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "web_chat_sessions_last_seen_idx" ON "web_chat_sessions" USING btree ("last_seen_at");--> statement-breakpoint
-- Sessions verified before verification could lapse count from when they began (decision 022).
UPDATE "web_chat_sessions" SET "verified_at" = "created_at" WHERE "verified_email" IS NOT NULL;
