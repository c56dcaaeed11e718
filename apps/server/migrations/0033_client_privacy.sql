CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"client_id" uuid,
	"anonymous_id" text,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "anonymous_client_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "anonymous_client_id" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_staff_id_employees_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_client_idx" ON "privacy_requests" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_check" CHECK ("payments"."client_id" is not null or "payments"."anonymous_client_id" is not null);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_check" CHECK ("subscriptions"."client_id" is not null or "subscriptions"."anonymous_client_id" is not null);