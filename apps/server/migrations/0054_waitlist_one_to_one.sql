ALTER TABLE "waitlist_entries" ALTER COLUMN "class_time_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "employee_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "blocked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "holder_id" uuid;--> statement-breakpoint
-- A class's entries name its professional, service and start too, so one query reads both kinds.
UPDATE "waitlist_entries" w SET "employee_id" = c."employee_id", "service_id" = c."service_id", "starts_at" = c."starts_at"
  FROM "class_times" c WHERE c."id" = w."class_time_id";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "employee_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "service_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_holder_id_appointments_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_email_key" ON "waitlist_entries" USING btree ("employee_id","starts_at",lower("email")) WHERE "waitlist_entries"."class_time_id" is null;--> statement-breakpoint
CREATE INDEX "waitlist_entries_one_line_idx" ON "waitlist_entries" USING btree ("employee_id","starts_at","seq") WHERE "waitlist_entries"."class_time_id" is null and "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_one_time_check" CHECK ("waitlist_entries"."class_time_id" is not null or ("waitlist_entries"."blocked_from" is not null and "waitlist_entries"."blocked_until" is not null));--> statement-breakpoint
-- Decision 026's addendum: a held offer for a one-to-one time is time on an appointment's row, the
-- row that freed it (cancelled, or moved away), in held_from/held_until. The no-overlap rule counts
-- a row's live time and its held time alike (a multirange of both), so while an offer holds a time
-- no booking path, move or second offer can take any of it, and confirming the offer (which clears
-- the hold, then books) cannot be overtaken.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist (
    "employee_id" WITH =,
    ((CASE WHEN "status" <> 'cancelled' THEN tstzmultirange(tstzrange("blocked_from", "blocked_until")) ELSE '{}'::tstzmultirange END)
      + (CASE WHEN "held_from" IS NULL THEN '{}'::tstzmultirange ELSE tstzmultirange(tstzrange("held_from", "held_until")) END)) WITH &&,
    (coalesce("class_time_id", "id")) WITH <>
  ) WHERE ("status" <> 'cancelled' OR "held_from" IS NOT NULL);--> statement-breakpoint
-- What the calendar's reads of live time used to find through the constraint's own index.
CREATE INDEX "appointments_live_time_idx" ON "appointments" USING gist ("employee_id", tstzrange("blocked_from", "blocked_until"))
  WHERE "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "appointments_held_idx" ON "appointments" USING btree ("employee_id") WHERE "held_from" IS NOT NULL;--> statement-breakpoint
-- Offers a freed one-to-one time to the first in its line whose service's time fits, holding it on
-- the row `holder` (which holds at most one time). An entry whose time is not all free (another
-- booking or offer has part of it) is passed over; it stays in line.
CREATE FUNCTION "waitlist_offer_one_time"(employee uuid, starts timestamptz, holder uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  IF EXISTS (SELECT 1 FROM waitlist_entries WHERE class_time_id IS NULL AND employee_id = employee
              AND starts_at = starts AND status = 'offered') THEN RETURN; END IF;
  FOR entry IN SELECT id, blocked_from, blocked_until FROM waitlist_entries
                WHERE class_time_id IS NULL AND employee_id = employee AND starts_at = starts AND status = 'waiting'
                ORDER BY seq FOR UPDATE LOOP
    -- A row moved to a time that overlaps its old one cannot hold the old one for someone else.
    CONTINUE WHEN EXISTS (SELECT 1 FROM appointments WHERE id = holder AND status <> 'cancelled'
                           AND tstzrange(blocked_from, blocked_until) && tstzrange(entry.blocked_from, entry.blocked_until));
    BEGIN
      UPDATE appointments SET held_from = entry.blocked_from, held_until = entry.blocked_until
       WHERE id = holder AND held_from IS NULL;
      IF NOT FOUND THEN RETURN; END IF;
      UPDATE waitlist_entries SET status = 'offered', holder_id = holder, offered_at = NULL, hold_until = NULL
       WHERE id = entry.id;
      RETURN;
    EXCEPTION WHEN exclusion_violation THEN
      NULL;
    END;
  END LOOP;
END $$;--> statement-breakpoint
-- At the commit of whatever freed a live one-to-one appointment's time (cancelled, moved away,
-- its professional changed), the time is offered to its line, held on that row. Deferred, so it
-- reads the row as it is committed: a status changed to anything but cancelled frees nothing.
CREATE FUNCTION "waitlist_time_freed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_row record;
BEGIN
  IF OLD.employee_id IS NULL OR NOT EXISTS (
       SELECT 1 FROM waitlist_entries WHERE class_time_id IS NULL AND employee_id = OLD.employee_id
          AND starts_at = OLD.starts_at AND status = 'waiting') THEN RETURN NULL; END IF;
  SELECT status, starts_at, employee_id INTO now_row FROM appointments WHERE id = OLD.id;
  -- Deleted: no row is left to hold the time with (staff cannot delete one that holds a time).
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF now_row.status <> 'cancelled' AND now_row.starts_at = OLD.starts_at
     AND now_row.employee_id IS NOT DISTINCT FROM OLD.employee_id THEN RETURN NULL; END IF;
  PERFORM waitlist_offer_one_time(OLD.employee_id, OLD.starts_at, OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointments_offer_freed_time"
  AFTER UPDATE OF "status", "starts_at", "employee_id" ON "appointments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.class_time_id IS NULL AND OLD.status <> 'cancelled')
  EXECUTE FUNCTION "waitlist_time_freed"();--> statement-breakpoint
-- A one-to-one offer that ends gives its held time back in the same statement; declined, expired,
-- cancelled or deleted, the time goes to the next in line on the same row, or is free with nobody
-- left. Booked, its booking takes the time next in the confirming transaction.
CREATE FUNCTION "waitlist_one_offer_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = 'offered' THEN RETURN NULL; END IF;
  IF OLD.holder_id IS NULL THEN RETURN NULL; END IF;
  UPDATE appointments SET held_from = NULL, held_until = NULL WHERE id = OLD.holder_id;
  IF TG_OP = 'UPDATE' AND NEW.status = 'booked' THEN RETURN NULL; END IF;
  PERFORM waitlist_offer_one_time(OLD.employee_id, OLD.starts_at, OLD.holder_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_one_offer_ended"
  AFTER UPDATE OF "status" OR DELETE ON "waitlist_entries"
  FOR EACH ROW WHEN (OLD.class_time_id IS NULL AND OLD.status = 'offered')
  EXECUTE FUNCTION "waitlist_one_offer_ended"();
