ALTER TABLE "slot_holds" ADD COLUMN "client_range" text;--> statement-breakpoint
CREATE INDEX "slot_holds_client_range_idx" ON "slot_holds" USING btree ("client_range");