ALTER TABLE "local_payment_intents" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_packs" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pack_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pack_ledger_refund_key" ON "pack_ledger" USING btree ("client_pack_id") WHERE "pack_ledger"."kind" = 'refund';--> statement-breakpoint
-- Payments the local provider refunded before it counted amounts were refunded whole.
UPDATE "local_payment_intents" SET "amount_refunded" = "amount" WHERE "refunded";
