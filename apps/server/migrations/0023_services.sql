CREATE TABLE "service_employees" (
	"service_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "service_employees_service_id_employee_id_pk" PRIMARY KEY("service_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 0 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"daily_cap" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_duration_check" CHECK ("services"."duration_minutes" between 5 and 480 and "services"."duration_minutes" % 5 = 0),
	CONSTRAINT "services_price_check" CHECK ("services"."price_amount" >= 0),
	CONSTRAINT "services_buffers_check" CHECK ("services"."buffer_before_minutes" between 0 and 240 and "services"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "services_notice_check" CHECK ("services"."min_notice_minutes" between 0 and 525600),
	CONSTRAINT "services_horizon_check" CHECK ("services"."horizon_days" between 1 and 730),
	CONSTRAINT "services_daily_cap_check" CHECK ("services"."daily_cap" is null or "services"."daily_cap" between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "blocked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_amount" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "blocked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_employees" ADD CONSTRAINT "service_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_employees_employee_idx" ON "service_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_one_default_key" ON "services" USING btree ("is_default") WHERE "services"."is_default";--> statement-breakpoint
CREATE INDEX "services_archived_idx" ON "services" USING btree ("archived_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" USING btree ("service_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Every install gets the spec's appointment as its default service, offered by every employee, and
-- its appointments and holds become bookings of it: nothing a business sees changes until it adds services.
INSERT INTO "services" ("name", "duration_minutes", "price_amount", "currency", "is_default")
VALUES ('Appointment', 30, 1000, 'eur', true);--> statement-breakpoint
INSERT INTO "service_employees" ("service_id", "employee_id")
SELECT s."id", e."id" FROM "services" s CROSS JOIN "employees" e WHERE s."is_default";--> statement-breakpoint
-- A new employee offers the default service, as everyone did before services existed, whichever
-- way the row is made (the dashboard, the first admin, the demo seed); staff change it after.
CREATE FUNCTION chatdesk_offer_default_service() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_employees (service_id, employee_id)
  SELECT id, NEW.id FROM services WHERE is_default AND archived_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER employees_offer_default_service AFTER INSERT ON employees
  FOR EACH ROW EXECUTE FUNCTION chatdesk_offer_default_service();--> statement-breakpoint
UPDATE "appointments" SET
  "blocked_from" = "starts_at",
  "blocked_until" = "ends_at",
  "service_id" = (SELECT "id" FROM "services" WHERE "is_default"),
  "service_name" = 'Appointment',
  "price_amount" = coalesce((SELECT p."amount" FROM "payments" p WHERE p."provider_payment_id" = "appointments"."provider_payment_id" LIMIT 1), 1000),
  "price_currency" = coalesce((SELECT p."currency" FROM "payments" p WHERE p."provider_payment_id" = "appointments"."provider_payment_id" LIMIT 1), 'eur');--> statement-breakpoint
UPDATE "slot_holds" SET
  "blocked_from" = "starts_at",
  "blocked_until" = "starts_at" + interval '30 minutes',
  "service_id" = (SELECT "id" FROM "services" WHERE "is_default");--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "blocked_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "blocked_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "service_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "price_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "price_currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_holds" ALTER COLUMN "blocked_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_holds" ALTER COLUMN "blocked_until" SET NOT NULL;--> statement-breakpoint
-- The rule every booking path relies on, held by the database whatever the lengths: no two live
-- appointments of a professional take overlapping calendar time (buffers included), and no two
-- holds do. An expired hold is deleted before a new one takes its time (under the employee's lock).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&)
  WHERE ("status" <> 'cancelled');--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&);
