CREATE TABLE "web_chat_codes" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"phone" text NOT NULL,
	"verified_email" text,
	"client_id" uuid,
	"reply_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "web_chat_sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "web_chat_sessions_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "web_chat_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"public_key" text NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"greeting" text NOT NULL,
	"color" text NOT NULL,
	"position" text DEFAULT 'right' NOT NULL,
	"privacy_note" text DEFAULT '' NOT NULL,
	"staff_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_chat_settings_public_key_unique" UNIQUE("public_key"),
	CONSTRAINT "web_chat_settings_one_row" CHECK ("web_chat_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "web_chat_codes" ADD CONSTRAINT "web_chat_codes_session_id_web_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."web_chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_chat_sessions" ADD CONSTRAINT "web_chat_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_chat_codes_email_idx" ON "web_chat_codes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "web_chat_sessions_email_idx" ON "web_chat_sessions" USING btree ("verified_email");--> statement-breakpoint
CREATE INDEX "web_chat_sessions_client_idx" ON "web_chat_sessions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "chats_channel_activity_idx" ON "chats" USING btree ("channel",coalesce("last_message_at", "created_at") desc,"id");