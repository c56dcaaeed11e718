-- A row holding a one-to-one time for a waitlist offer (decision 026's addendum) cannot become
-- live over that time itself: staff reopening the cancelled appointment, or its customer moving
-- it back, while the time is held for someone else. The no-overlap constraint compares rows with
-- each other, never a row with itself, so this says the same thing for the one row, with the same
-- answer (23P01, appointments_no_overlap): every booking path already reads it as a taken slot.
CREATE FUNCTION "appointments_held_not_own"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'cancelled' AND NEW.held_from IS NOT NULL
     AND tstzrange(NEW.blocked_from, NEW.blocked_until) && tstzrange(NEW.held_from, NEW.held_until) THEN
    RAISE EXCEPTION 'this time is held for a waitlist offer'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointments_no_overlap';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_held_not_own"
  BEFORE UPDATE OF "status", "blocked_from", "blocked_until", "held_from", "held_until" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_held_not_own"();
