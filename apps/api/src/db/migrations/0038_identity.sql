CREATE TABLE "company_identity_providers" (
	"work_site_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"entity_id" text NOT NULL,
	"sso_url" text NOT NULL,
	"certificate" text NOT NULL,
	"roles_attribute" text DEFAULT 'roles' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federated_identities" (
	"identity_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federated_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"protocol" text NOT NULL,
	"nonce" text DEFAULT '' NOT NULL,
	"code_verifier" text DEFAULT '' NOT NULL,
	"relay_state_url" text DEFAULT '/dashboard' NOT NULL,
	"popup" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ticket_hash" text,
	"claims_subject" text,
	"claims_email" text,
	"claims_email_verified" boolean,
	"claims_first_name" text,
	"claims_last_name" text,
	"claims_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"link_user_id" integer,
	"link_attempts" integer DEFAULT 0 NOT NULL,
	"ticket_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saml_seen_assertions" (
	"assertion_id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_identity_providers" ADD CONSTRAINT "company_identity_providers_work_site_id_work_sites_work_site_id_fk" FOREIGN KEY ("work_site_id") REFERENCES "public"."work_sites"("work_site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_identities" ADD CONSTRAINT "federated_identities_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_logins" ADD CONSTRAINT "federated_logins_link_user_id_users_user_id_fk" FOREIGN KEY ("link_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_identity_providers_slug_uq" ON "company_identity_providers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_subject_uq" ON "federated_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_user_provider_uq" ON "federated_identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "federated_logins_ticket_uq" ON "federated_logins" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "federated_logins_expires_idx" ON "federated_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "saml_seen_assertions_expires_idx" ON "saml_seen_assertions" USING btree ("expires_at");