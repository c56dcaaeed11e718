CREATE TABLE "class_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_times_seats_check" CHECK ("class_times"."seats_taken" >= 0 and "class_times"."seats_taken" <= "class_times"."seats")
);
--> statement-breakpoint
DROP INDEX "appointments_live_slot_key";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "class_time_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "class_times" ADD CONSTRAINT "class_times_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_times" ADD CONSTRAINT "class_times_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_times_slot_key" ON "class_times" USING btree ("employee_id","starts_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_class_time_idx" ON "appointments" USING btree ("class_time_id") WHERE "appointments"."class_time_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_live_slot_key" ON "appointments" USING btree ("employee_id","starts_at") WHERE "appointments"."status" <> 'cancelled' and "appointments"."class_time_id" is null;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_seats_check" CHECK ("services"."seats" is null or "services"."seats" between 2 and 100);--> statement-breakpoint
-- Seats of one class time share its calendar time; anything else still may not overlap: a
-- one-to-one appointment and a class, two classes, two one-to-one appointments (decision 024).
-- An appointment's own id stands for it where it is no class's seat.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist (
    "employee_id" WITH =,
    tstzrange("blocked_from", "blocked_until") WITH &&,
    (coalesce("class_time_id", "id")) WITH <>
  ) WHERE ("status" <> 'cancelled');--> statement-breakpoint
-- A class time's seats taken move in the statement that books, cancels, reopens or deletes a seat;
-- class_times_seats_check refuses one past its seats, so no read-then-write can oversell it.
CREATE FUNCTION "class_seats_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_seat uuid;
  is_seat uuid;
  class_row record;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'cancelled' THEN was_seat := OLD.class_time_id; END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'cancelled' THEN is_seat := NEW.class_time_id; END IF;
  IF is_seat IS NOT NULL THEN
    SELECT employee_id, starts_at INTO class_row FROM class_times WHERE id = is_seat;
    -- A seat is at its class's time, with its professional: a moved seat would leave its class.
    -- (An erased professional's appointments keep no employee; their class times go with them.)
    IF FOUND AND (class_row.starts_at <> NEW.starts_at
        OR (NEW.employee_id IS NOT NULL AND class_row.employee_id <> NEW.employee_id)) THEN
      RAISE EXCEPTION 'a seat is at its class time' USING ERRCODE = 'check_violation', CONSTRAINT = 'appointments_seat_at_class_time';
    END IF;
  END IF;
  IF was_seat IS NOT DISTINCT FROM is_seat THEN RETURN NULL; END IF;
  IF was_seat IS NOT NULL THEN
    UPDATE class_times SET seats_taken = seats_taken - 1 WHERE id = was_seat;
  END IF;
  IF is_seat IS NOT NULL THEN
    UPDATE class_times SET seats_taken = seats_taken + 1 WHERE id = is_seat;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_class_seats"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "class_time_id", "starts_at", "employee_id" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "class_seats_count"();
