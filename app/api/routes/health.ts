import { rawSql } from "#app/db/client.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api/health → {status, database}; 503 when the database does not answer.
export async function loader() {
  try {
    await Promise.race([
      rawSql()`select 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
    ]);
    return jsonAnswer({ status: "ok", database: "ok" });
  } catch {
    return jsonAnswer({ status: "degraded", database: "unreachable" }, 503);
  }
}
