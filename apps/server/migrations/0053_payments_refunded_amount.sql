-- What a payment had given back so far (#27 item 4): a partial refund (a pack's, or one made in
-- the provider's dashboard) leaves the payment `completed` with the part refunded here, instead of
-- marking the whole payment refunded. A payment refunded whole gave back all of it.
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "refunded_amount" = "amount" WHERE "status" = 'refunded' AND "amount" > 0;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount_check" CHECK ("payments"."refunded_amount" between 0 and greatest("payments"."amount", 0));
