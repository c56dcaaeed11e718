CREATE INDEX "appointments_search_prefix_idx" ON "appointments" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "appointments_day_idx" ON "appointments" USING btree ("local_date" desc,"starts_at" desc,"id");--> statement-breakpoint
CREATE INDEX "chats_search_prefix_idx" ON "chats" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_search_prefix_idx" ON "clients" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_search_prefix_idx" ON "subscriptions" USING btree ("search_text" text_pattern_ops);