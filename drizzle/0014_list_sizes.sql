-- Rows per page a person last chose on each list (app/auth/list-size.server.ts), by list name:
-- {"amc": 100, "products/Electrician": 200}. On the user, read with the session, because people
-- share terminals (a cookie would follow the terminal, not the person).
ALTER TABLE "users" ADD COLUMN "list_sizes" jsonb DEFAULT '{}'::jsonb NOT NULL;