DROP INDEX "slot_holds_employee_idx";--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "client_email" text;--> statement-breakpoint
-- Expired holds no longer count; of two live holds on one slot (the old race) the later one goes.
DELETE FROM "slot_holds" WHERE "expires_at" <= now();--> statement-breakpoint
DELETE FROM "slot_holds" a USING "slot_holds" b WHERE a."employee_id" = b."employee_id" AND a."starts_at" = b."starts_at" AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_holds_slot_key" ON "slot_holds" USING btree ("employee_id","starts_at");--> statement-breakpoint
CREATE INDEX "slot_holds_client_ip_idx" ON "slot_holds" USING btree ("client_ip");--> statement-breakpoint
CREATE INDEX "slot_holds_client_email_idx" ON "slot_holds" USING btree (lower("client_email"));