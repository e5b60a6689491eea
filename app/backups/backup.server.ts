import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import postgres from "postgres";
import {
  BACKUP_MAGIC,
  type BackupHead,
  type BackupTrailer,
  nextBackupFileName,
  TABLE_END,
  TABLE_PREFIX,
  TRAILER_PREFIX,
} from "#app/backups/rules.ts";
import { knownMigrations, MIGRATIONS_TABLE, plantopsVersion } from "#app/backups/schema-level.server.ts";

// `npm run backup`, the nightly job and "Back up now" (docs/decisions/014-backups.md): one
// REPEATABLE READ, read-only transaction (one snapshot of every table, taken while people keep
// working: readers never block writers) whose tables go out with COPY … TO STDOUT, streamed through
// gzip into the file. Memory stays flat: postgres.js pauses the socket while gzip and the disk
// catch up. The file is written under a temporary name and renamed once complete.

/** The schemas of PlantOps's records: the app's tables and drizzle's list of applied migrations. */
export const BACKED_UP_SCHEMAS = ["public", "drizzle"];

export type BackupOptions = {
  timeZone: string;
  now?: Date;
  /** A snapshot exported by another transaction (pg_export_snapshot): the drill test's comparison. */
  snapshot?: string;
  onTable?: (table: string, index: number, total: number) => void;
  /** Awaited before each piece of COPY's output is written out: where a backup gives way to others. */
  pace?: () => Promise<void>;
};

export type BackupResult = {
  file: string;
  bytes: number;
  seconds: number;
  head: BackupHead;
  trailer: BackupTrailer;
};

const quoteName = (qualified: string) =>
  qualified
    .split(".")
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join(".");

/** The tables and sequences a backup holds, with the columns COPY reads and writes (not generated ones). */
export async function backedUpRelations(sql: postgres.Sql | postgres.TransactionSql) {
  const tables = await sql<{ name: string; columns: string[] }[]>`
    select n.nspname || '.' || c.relname as name,
      array(select a.attname::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${BACKED_UP_SCHEMAS}) and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by 1`;
  // Referenced tables first: the restore loads them in the file's order with every foreign key on.
  const references = await sql<{ from: string; to: string }[]>`
    select fn.nspname || '.' || f.relname as from, tn.nspname || '.' || t.relname as to
    from pg_constraint k
      join pg_class f on f.oid = k.conrelid join pg_namespace fn on fn.oid = f.relnamespace
      join pg_class t on t.oid = k.confrelid join pg_namespace tn on tn.oid = t.relnamespace
    where k.contype = 'f' and k.conrelid <> k.confrelid and fn.nspname = any(${BACKED_UP_SCHEMAS})`;
  const sequences = await sql<{ name: string }[]>`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${BACKED_UP_SCHEMAS}) and c.relkind = 'S' order by 1`;
  return { tables: referencedFirst(tables, references), sequences: sequences.map((row) => row.name) };
}

/** Tables ordered so that each comes after the tables its foreign keys point to (a cycle: refused). */
export function referencedFirst<T extends { name: string }>(
  tables: readonly T[],
  references: readonly { from: string; to: string }[],
): T[] {
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const visit = (table: T) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`Foreign keys form a cycle through ${table.name}.`);
    visiting.add(table.name);
    for (const reference of references) {
      const target = reference.from === table.name ? byName.get(reference.to) : undefined;
      if (target) visit(target);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** Where the next backup goes: the plant time's name, numbered when one of that second exists. */
function nextFile(dir: string, now: Date, timeZone: string) {
  return path.join(dir, nextBackupFileName(fs.readdirSync(dir), now, timeZone));
}

export async function createBackup(
  databaseUrl: string,
  dir: string,
  options: BackupOptions,
): Promise<BackupResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = nextFile(dir, now, options.timeZone);
  // Its own name: two backups started in the same second must not write into one file.
  const partial = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`);
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: "plantops-backup" },
  });
  try {
    const done = await sql.begin("isolation level repeatable read read only", async (tx) => {
      if (options.snapshot)
        await tx.unsafe(`set transaction snapshot '${options.snapshot.replaceAll("'", "")}'`);
      // A scan that joins another one in progress starts mid-table: rows would come out in another order.
      await tx`set local synchronize_seqscans = off`;
      const head = await readHead(tx, now, options.timeZone);
      const trailer: BackupTrailer = { tables: {}, sha256: "" };
      const whole = createHash("sha256");
      const pace = options.pace ?? (async () => {});
      async function* content() {
        const out = (text: string) => {
          const bytes = Buffer.from(text);
          whole.update(bytes);
          return bytes;
        };
        yield out(`${BACKUP_MAGIC}\n${JSON.stringify(head)}\n`);
        for (const [index, table] of head.tables.entries()) {
          options.onTable?.(table.name, index, head.tables.length);
          yield out(`${TABLE_PREFIX}${table.name}\n`);
          const hash = createHash("sha256");
          let rows = 0;
          const columns = table.columns.map((column) => quoteName(column)).join(", ");
          const stream = await tx.unsafe(`copy ${quoteName(table.name)} (${columns}) to stdout`).readable();
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            await pace();
            hash.update(chunk);
            whole.update(chunk);
            rows += countLines(chunk);
            yield chunk;
          }
          resumeConnection(stream);
          trailer.tables[table.name] = { rows, sha256: hash.digest("hex") };
          yield out(TABLE_END);
        }
        trailer.sha256 = whole.digest("hex");
        yield Buffer.from(`${TRAILER_PREFIX}${JSON.stringify(trailer)}\n`);
      }
      await pipeline(
        Readable.from(content()),
        createGzip({ level: 3 }),
        fs.createWriteStream(partial, { mode: 0o600, flags: "wx" }),
      );
      return { head, trailer };
    });
    const handle = fs.openSync(partial, "r");
    fs.fsyncSync(handle);
    fs.closeSync(handle);
    // The other of two same-second backups may have taken the name meanwhile: take the next one.
    const free = fs.existsSync(file) ? nextFile(dir, now, options.timeZone) : file;
    fs.renameSync(partial, free);
    fs.chmodSync(free, 0o600);
    return {
      file: free,
      bytes: fs.statSync(free).size,
      seconds: (Date.now() - started) / 1000,
      ...done,
    };
  } finally {
    fs.rmSync(partial, { force: true });
    await sql.end({ timeout: 1 });
  }
}

/** The manifest's head, read in the backup's snapshot. */
async function readHead(tx: postgres.TransactionSql, now: Date, timeZone: string): Promise<BackupHead> {
  const { tables, sequences } = await backedUpRelations(tx);
  const counted = [];
  for (const table of tables) {
    const [{ rows }] = await tx.unsafe<{ rows: string }[]>(
      `select count(*) as rows from ${quoteName(table.name)}`,
    );
    counted.push({ ...table, rows: Number(rows) });
  }
  const sequenceValues = [];
  for (const name of sequences) {
    const [row] = await tx.unsafe<{ value: string; isCalled: boolean }[]>(
      `select last_value::text as value, is_called as "isCalled" from ${quoteName(name)}`,
    );
    sequenceValues.push({ name, ...row });
  }
  const [last] = await tx.unsafe<{ createdAt: string }[]>(
    `select created_at::text as "createdAt" from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  const [{ applied }] = await tx.unsafe<{ applied: string }[]>(
    `select count(*) as applied from ${MIGRATIONS_TABLE}`,
  );
  const createdAt = Number(last?.createdAt ?? 0);
  const tag =
    knownMigrations().find((migration) => migration.createdAt === createdAt)?.tag ?? String(createdAt);
  return {
    plantops: plantopsVersion(),
    migration: { tag, createdAt, applied: Number(applied) },
    takenAt: now.toISOString(),
    timeZone,
    tables: counted,
    sequences: sequenceValues,
  };
}

/**
 * postgres.js (3.4.9) pauses the connection's socket when a COPY stream's buffer is full and
 * resumes it only from the stream's read(), which Node.js no longer calls once the stream has
 * ended: when the copy's last rows arrived while gzip was behind, the connection stayed paused and
 * the next table's COPY waited forever. Calling the stream's read function once more resumes it.
 */
function resumeConnection(stream: unknown) {
  (stream as { _read?: () => void })._read?.();
}

/** Milliseconds of backing up between two pauses, and each pause twice the work before it. */
const WORK_SLICE_MS = 10;
const PAUSE_PER_WORK = 2;

/**
 * A third of the time for the backup, the rest for everyone else: `npm run backup` (options.pace),
 * which may run beside a PlantOps serving people and has no view of its web server's event loop.
 * After each slice of work the backup waits twice as long; COPY waits with it (the stream is read
 * only as fast as it is written out), so PostgreSQL's share drops too. The web server's own backups
 * give way by its measured event loop instead (giveWay in backup-process.server.ts).
 */
export function pacer(sliceMs = WORK_SLICE_MS, pausePerWork = PAUSE_PER_WORK) {
  let since = performance.now();
  return async () => {
    const worked = performance.now() - since;
    if (worked < sliceMs) return;
    await new Promise((resolve) => setTimeout(resolve, worked * pausePerWork));
    since = performance.now();
  };
}

/** Rows in a piece of COPY text: each ends with a newline (a newline inside a value is written \n). */
export function countLines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}

export { quoteName };
