import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import postgres from "postgres";
import { BACKED_UP_SCHEMAS, countLines, quoteName } from "#app/backups/backup.server.ts";
import {
  BACKUP_MAGIC,
  type BackupHead,
  type BackupTrailer,
  compareVersions,
  TABLE_PREFIX,
  TRAILER_PREFIX,
} from "#app/backups/rules.ts";
import { buildSchemaUpTo, knownMigrations, plantopsVersion } from "#app/backups/schema-level.server.ts";
import { migrateDatabase } from "#app/db/migrate.server.ts";

// `npm run restore -- <file>` (docs/decisions/014-backups.md). The file is read twice: first whole,
// touching nothing (gzip's own check, the format, every table's rows and checksum, the file's
// checksum), then into the empty database in one transaction: the schema of the backup's migration,
// the rows with COPY … FROM STDIN, the sequences, the counts checked; then the newer migrations.

/** A backup that cannot or must not be restored: the message says why, and nothing was changed. */
export class BackupRefused extends Error {}

const END_OF_ROWS = Buffer.from("\n\\.\n");

/** Reads a backup's decompressed stream: its lines, a table's rows, and the checksum of all it read. */
class BackupReader {
  private buffer: Buffer = Buffer.alloc(0);
  private finished = false;
  private readonly chunks: AsyncIterator<Buffer>;
  readonly whole = createHash("sha256");

  constructor(stream: AsyncIterable<Buffer>) {
    this.chunks = stream[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    if (this.finished) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.finished = true;
      return false;
    }
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }

  private take(length: number, hashed = true) {
    const piece = this.buffer.subarray(0, length);
    if (hashed) this.whole.update(piece);
    this.buffer = this.buffer.subarray(length);
    return piece;
  }

  /** The next line (without its newline); undefined at a clean end. `hashed`: counts in the file's checksum. */
  async line(hashed = true): Promise<string | undefined> {
    for (;;) {
      const end = this.buffer.indexOf(10);
      if (end !== -1)
        return this.take(end + 1, hashed)
          .subarray(0, end)
          .toString("utf8");
      // The manifest lines are small: a long run without a newline is not a backup.
      if (this.buffer.length > 64 * 1024 * 1024) throw damaged("a line of the manifest never ends");
      if (!(await this.more())) {
        if (this.buffer.length > 0) throw damaged("it ends in the middle of a line");
        return undefined;
      }
    }
  }

  /** One table's COPY rows, in pieces, up to the line `\.` (consumed, not yielded). */
  async *rows(): AsyncGenerator<Buffer> {
    let atStart = true;
    for (;;) {
      if (atStart && this.buffer.length >= 3) {
        if (this.buffer[0] === 0x5c && this.buffer[1] === 0x2e && this.buffer[2] === 0x0a) {
          this.take(3);
          return;
        }
      }
      const end = this.buffer.indexOf(END_OF_ROWS);
      if (end !== -1) {
        yield this.take(end + 1);
        this.take(END_OF_ROWS.length - 1);
        return;
      }
      // Keep the last 3 bytes: the end mark may begin there and finish in the next piece.
      if (this.buffer.length > 3) {
        yield this.take(this.buffer.length - 3);
        atStart = false;
      }
      if (!(await this.more())) throw damaged("it ends in the middle of a table's rows");
    }
  }
}

function damaged(detail: string) {
  return new BackupRefused(
    `This backup file is damaged or incomplete (${detail}). Nothing was changed. ` +
      "Use another backup (a copy kept elsewhere, or the one before).",
  );
}

/** The decompressed content of a backup file; gzip's errors (truncated, corrupted) become a refusal. */
function openBackup(file: string): AsyncIterable<Buffer> {
  if (!fs.existsSync(file)) throw new BackupRefused(`No backup file at ${file}.`);
  const gunzip = createGunzip();
  const source = fs.createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  return (async function* () {
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } catch (error) {
      if (error instanceof BackupRefused) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (code.startsWith("Z_") || code === "ERR_ZLIB") throw damaged(`gzip: ${(error as Error).message}`);
      throw error;
    } finally {
      source.destroy();
    }
  })();
}

/** Refuses a backup this PlantOps cannot read: from a newer PlantOps, or of an unknown migration. */
export function checkCompatible(head: BackupHead) {
  const ours = plantopsVersion();
  const migrations = knownMigrations();
  const latest = migrations[migrations.length - 1];
  const newer = compareVersions(head.plantops, ours) > 0 || head.migration.createdAt > latest.createdAt;
  if (newer)
    throw new BackupRefused(
      `This backup was made by a newer PlantOps (${head.plantops}, migration ${head.migration.tag}); ` +
        `this is PlantOps ${ours} (migration ${latest.tag}). Upgrade PlantOps first, then restore. Nothing was changed.`,
    );
  if (!migrations.some((migration) => migration.createdAt === head.migration.createdAt))
    throw new BackupRefused(
      `This backup's last migration (${head.migration.tag}) is not one of this PlantOps's migrations. Nothing was changed.`,
    );
}

type TableSink = (table: string, columns: string[], rows: AsyncGenerator<Buffer>) => Promise<void>;

/**
 * Reads a whole backup: the manifest, every table's rows (handed to `sink`, or counted and dropped),
 * the trailer; checks the rows and checksums against the manifest. Throws BackupRefused.
 */
export async function readBackup(
  file: string,
  sink?: TableSink,
  onHead?: (head: BackupHead) => Promise<void>,
): Promise<{ head: BackupHead; trailer: BackupTrailer }> {
  const reader = new BackupReader(openBackup(file));
  const magic = await reader.line().catch((error) => {
    throw error instanceof BackupRefused ? error : damaged((error as Error).message);
  });
  if (magic !== BACKUP_MAGIC)
    throw new BackupRefused(`${file} is not a PlantOps backup. Nothing was changed.`);
  let head: BackupHead;
  try {
    head = JSON.parse((await reader.line()) ?? "") as BackupHead;
  } catch (error) {
    throw error instanceof BackupRefused ? error : damaged("its manifest cannot be read");
  }
  checkCompatible(head);
  await onHead?.(head);
  const counted: Record<string, { rows: number; sha256: string }> = {};
  for (const table of head.tables) {
    const line = await reader.line();
    if (line !== `${TABLE_PREFIX}${table.name}`) throw damaged(`the rows of ${table.name} are missing`);
    const hash = createHash("sha256");
    let rows = 0;
    const pieces = (async function* () {
      for await (const piece of reader.rows()) {
        hash.update(piece);
        rows += countLines(piece);
        yield piece;
      }
    })();
    if (sink) await sink(table.name, table.columns, pieces);
    else for await (const _ of pieces);
    counted[table.name] = { rows, sha256: hash.digest("hex") };
  }
  const sha256 = reader.whole.digest("hex");
  const last = await reader.line(false);
  if (!last?.startsWith(TRAILER_PREFIX)) throw damaged("its checksums at the end are missing");
  let trailer: BackupTrailer;
  try {
    trailer = JSON.parse(last.slice(TRAILER_PREFIX.length)) as BackupTrailer;
  } catch {
    throw damaged("its checksums at the end cannot be read");
  }
  if (trailer.sha256 !== sha256) throw damaged("its checksum does not match its content");
  for (const table of head.tables) {
    const expected = trailer.tables[table.name];
    const found = counted[table.name];
    if (
      !expected ||
      expected.sha256 !== found.sha256 ||
      expected.rows !== found.rows ||
      table.rows !== found.rows
    )
      throw damaged(`the rows of ${table.name} do not match the manifest`);
  }
  if ((await reader.line(false)) !== undefined) throw damaged("something follows its end");
  return { head, trailer };
}

/** Reads a backup whole without touching any database: its manifest when it is sound, else BackupRefused. */
export function verifyBackup(file: string) {
  return readBackup(file);
}

/** Tables in PlantOps's schemas of a database (none: it is empty enough to restore into). */
export async function plantopsTableCount(sql: postgres.Sql): Promise<number> {
  const [{ count }] = await sql<{ count: string }[]>`
    select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${BACKED_UP_SCHEMAS}) and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`;
  return Number(count);
}

export type RestoreReport = {
  head: BackupHead;
  tables: { name: string; rows: number }[];
  migratedTo: string;
  seconds: number;
};

/**
 * Restores a backup into an empty database, in one transaction: the schema of the backup's
 * migration, the rows, the sequences, the counts; the file's checksums are checked as it is read,
 * so a damaged file rolls everything back (nothing is left behind). Then the newer migrations.
 * Secondary indexes and foreign keys are set aside during the load and made again after it: one
 * build of each index and one check of each key cost far less than keeping them up row by row.
 */
export async function restoreBackup(
  databaseUrl: string,
  file: string,
  log: (line: string) => void = () => {},
): Promise<RestoreReport> {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new BackupRefused(`No backup file at ${file}.`);
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: "plantops-restore" },
  });
  const tables: { name: string; rows: number }[] = [];
  let checked: { head: BackupHead; trailer: BackupTrailer };
  try {
    const existing = await plantopsTableCount(sql);
    if (existing > 0)
      throw new BackupRefused(
        `The database already holds ${existing} PlantOps tables: a restore goes into an empty database. ` +
          "Nothing was changed. With the embedded database, add --move-aside to set the current data folder aside first.",
      );
    checked = await sql.begin(async (tx) => {
      await tx`set local maintenance_work_mem = '128MB'`;
      let setAside: { drop: string; make: string }[] = [];
      const read = await readBackup(
        file,
        async (table, columns, rows) => {
          const list = columns.map((column) => quoteName(column)).join(", ");
          const writable = await tx.unsafe(`copy ${quoteName(table)} (${list}) from stdin`).writable();
          await pipeline(Readable.from(rows), writable).catch((error: unknown) => {
            // Rows PostgreSQL cannot read (a field too many, a number that is none, a broken
            // escape) or that a key refuses: bytes changed inside the file where gzip did not
            // notice. The table's checksum would say so at its end; PostgreSQL said it first.
            const code = (error as { code?: string }).code ?? "";
            if (/^2[23]/.test(code)) throw damaged(`${table}: ${(error as Error).message}`);
            throw error;
          });
        },
        async (head) => {
          await buildSchemaUpTo(tx, head.migration.createdAt);
          setAside = await indexesAndKeys(tx);
          for (const item of setAside) await tx.unsafe(item.drop);
        },
      );
      for (const item of [...setAside].reverse()) await tx.unsafe(item.make);
      for (const sequence of read.head.sequences)
        await tx`select setval(${quoteName(sequence.name)}::regclass, ${sequence.value}::bigint, ${sequence.isCalled})`;
      for (const table of read.head.tables) {
        const [{ rows }] = await tx.unsafe<{ rows: string }[]>(
          `select count(*) as rows from ${quoteName(table.name)}`,
        );
        if (Number(rows) !== table.rows)
          throw new BackupRefused(
            `${table.name} holds ${rows} rows after loading, the backup says ${table.rows}. Nothing was changed.`,
          );
        tables.push({ name: table.name, rows: table.rows });
        log(`  ${table.name}: ${table.rows} rows`);
      }
      return read;
    });
    log(
      `Backup checked: PlantOps ${checked.head.plantops}, migration ${checked.head.migration.tag}, taken ${checked.head.takenAt}, checksum ${checked.trailer.sha256.slice(0, 12)}…`,
    );
    await sql`analyze`;
  } finally {
    await sql.end({ timeout: 1 });
  }
  await migrateDatabase(databaseUrl);
  const latest = knownMigrations().at(-1)?.tag ?? "";
  if (latest !== checked.head.migration.tag)
    log(`Migrated forward from ${checked.head.migration.tag} to ${latest}.`);
  return { head: checked.head, tables, migratedTo: latest, seconds: (Date.now() - started) / 1000 };
}

/**
 * The foreign keys and the indexes that back no constraint (searches, sorts, unique indexes) of
 * PlantOps's schemas, as statements that drop them and make them again (from the catalog's own
 * definitions). Primary keys stay: the foreign keys are checked against them.
 */
async function indexesAndKeys(tx: postgres.TransactionSql) {
  const keys = await tx<{ drop: string; make: string }[]>`
    select format('alter table %I.%I drop constraint %I', n.nspname, c.relname, k.conname) as drop,
      format('alter table %I.%I add constraint %I %s', n.nspname, c.relname, k.conname, pg_get_constraintdef(k.oid)) as make
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = any(${BACKED_UP_SCHEMAS})`;
  const indexes = await tx<{ drop: string; make: string }[]>`
    select format('drop index %I.%I', n.nspname, i.relname) as drop, pg_get_indexdef(i.oid) as make
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
    where n.nspname = any(${BACKED_UP_SCHEMAS})
      and not exists (select 1 from pg_constraint k where k.conindid = i.oid)`;
  // Keys dropped first and made again last, once the indexes are back.
  return [...keys, ...indexes];
}
