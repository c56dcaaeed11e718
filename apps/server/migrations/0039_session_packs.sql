CREATE TABLE "client_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"pack_id" uuid,
	"service_id" uuid,
	"name" text NOT NULL,
	"service_name" text NOT NULL,
	"sessions_total" integer NOT NULL,
	"sessions_left" integer NOT NULL,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"provider_payment_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_packs_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "client_packs_balance_check" CHECK ("client_packs"."sessions_left" >= 0 and "client_packs"."sessions_left" <= "client_packs"."sessions_total")
);
--> statement-breakpoint
CREATE TABLE "pack_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pack_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_pack_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sessions" integer NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"appointment_id" uuid,
	"actor" text NOT NULL,
	"employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pack_ledger_sessions_check" CHECK (case "pack_ledger"."kind" when 'sale' then "pack_ledger"."sessions" > 0 when 'use' then "pack_ledger"."sessions" = -1
        when 'return' then "pack_ledger"."sessions" = 1 else "pack_ledger"."sessions" <= 0 end)
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sessions" integer NOT NULL,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"validity_days" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packs_sessions_check" CHECK ("packs"."sessions" between 1 and 100),
	CONSTRAINT "packs_price_check" CHECK ("packs"."price_amount" >= 0),
	CONSTRAINT "packs_validity_check" CHECK ("packs"."validity_days" between 1 and 1825)
);
--> statement-breakpoint
ALTER TABLE "client_packs" ADD CONSTRAINT "client_packs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packs" ADD CONSTRAINT "client_packs_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packs" ADD CONSTRAINT "client_packs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_ledger" ADD CONSTRAINT "pack_ledger_client_pack_id_client_packs_id_fk" FOREIGN KEY ("client_pack_id") REFERENCES "public"."client_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_ledger" ADD CONSTRAINT "pack_ledger_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_ledger" ADD CONSTRAINT "pack_ledger_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_packs_client_service_idx" ON "client_packs" USING btree ("client_id","service_id","expires_at");--> statement-breakpoint
CREATE INDEX "pack_ledger_pack_idx" ON "pack_ledger" USING btree ("client_pack_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_ledger_use_key" ON "pack_ledger" USING btree ("appointment_id") WHERE "pack_ledger"."kind" = 'use';--> statement-breakpoint
CREATE UNIQUE INDEX "pack_ledger_return_key" ON "pack_ledger" USING btree ("appointment_id") WHERE "pack_ledger"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "pack_ledger_sale_key" ON "pack_ledger" USING btree ("client_pack_id") WHERE "pack_ledger"."kind" = 'sale';--> statement-breakpoint
CREATE INDEX "packs_service_idx" ON "packs" USING btree ("service_id");