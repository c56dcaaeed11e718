-- Decision 026's addendum: a live one-to-one booking whose time people are waiting for is not
-- deleted. Its time would be freed with no row left to hold it for the first in line, who would
-- never hear of it; staff cancel it instead, and the cancel offers the time at its commit.
-- Checked at the row's delete, once the row is locked: a join that locked the booking (FOR SHARE)
-- and committed first is seen here (each statement of a volatile function reads what has
-- committed), and a join that comes after waits for the delete and finds the time free.
CREATE FUNCTION "appointments_waited_for_not_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM waitlist_entries WHERE class_time_id IS NULL AND employee_id = OLD.employee_id
              AND starts_at = OLD.starts_at AND status = 'waiting') THEN
    RAISE EXCEPTION 'appointments_waited_for: people are on the waitlist for this time'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_waited_for_not_deleted"
  BEFORE DELETE ON "appointments"
  FOR EACH ROW WHEN (OLD.class_time_id IS NULL AND OLD.status <> 'cancelled' AND OLD.employee_id IS NOT NULL)
  EXECUTE FUNCTION "appointments_waited_for_not_deleted"();
