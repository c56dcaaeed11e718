-- The language of the booking page a customer joined a waitlist from: the offer and its
-- confirmation are written in it, before the client record's (null: joined from chat).
ALTER TABLE "waitlist_entries" ADD COLUMN "language" text;