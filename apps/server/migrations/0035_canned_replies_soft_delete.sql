DROP INDEX "canned_replies_name_key";--> statement-breakpoint
ALTER TABLE "canned_replies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "canned_replies_deleted_idx" ON "canned_replies" USING btree ("deleted_at") WHERE "canned_replies"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_name_key" ON "canned_replies" USING btree (lower("name")) WHERE "canned_replies"."deleted_at" is null;