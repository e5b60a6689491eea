import { db, rawSql } from "#app/db/client.server.ts";
import { jobsStatus } from "#app/jobs/jobs.server.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "#app/lib/database-away.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { instanceName } from "#app/lib/log.server.ts";
import { countRetrying } from "#app/mail/outbox.server.ts";
import { mailNotReadyReason } from "#app/mail/rules.ts";

// GET /api/health: liveness (it answers at all: `live`) apart from readiness (`ready`: the database
// answers, so requests can be served; the HTTP status follows it, 200 or 503, for a balancer), and
// the background work an operator watches: the job queue (digest, mail, prune) and the mail.
// `status` is "ok" only when all of it is; `database` and `status` keep their first meanings.
export async function loader() {
  const database = await databaseAnswers();
  const jobs = jobsStatus().state;
  const mail = mailNotReadyReason(serverSettings())
    ? "off"
    : database && (await countRetrying(db).catch(() => 0)) > 0
      ? "retrying"
      : "ok";
  const healthy = database && (jobs === "running" || jobs === "starting") && mail !== "retrying";
  return jsonAnswer(
    {
      status: healthy ? "ok" : "degraded",
      database: database ? "ok" : "unreachable",
      live: true,
      ready: database,
      jobs,
      mail,
      instance: instanceName(),
    },
    database ? 200 : 503,
    database ? undefined : { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}

async function databaseAnswers() {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      rawSql()`select 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), 3000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
