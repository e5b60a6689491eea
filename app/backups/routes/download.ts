import fs from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { audit } from "#app/audit/log.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { backupPath } from "#app/backups/run.server.ts";
import { db } from "#app/db/client.server.ts";
import { notFound } from "#app/lib/http.server.ts";

// GET /settings/backups/<file>: a kept backup, streamed (admins only; each download is recorded in
// the audit log: the file holds every record and every account's password hash).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings", "write");
  const name = params.name ?? "";
  const file = backupPath(name);
  if (!file) notFound("No such backup.");
  const bytes = fs.statSync(file).size;
  await audit(db, {
    userId: user.id,
    action: "create",
    entity: "backup_download",
    entityId: name,
    after: { file: name, bytes },
  });
  const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": "application/gzip",
      "content-length": String(bytes),
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
