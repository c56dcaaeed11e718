ALTER TABLE "company" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "takes_bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Hand-written: employees with an empty week (no day, or days without ranges) had nothing to book.
UPDATE "employees" SET "takes_bookings" = false
WHERE "availability" = '{}'::jsonb OR NOT jsonb_path_exists("availability", '$.*[*]');
