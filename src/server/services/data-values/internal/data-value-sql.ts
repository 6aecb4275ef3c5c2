import { type DataValueTriple, storedLanguage, type TDataValue, tripleKey, withStoredLanguage } from "~/domain/data-value";
import { decodeInnerRows, encodeInnerRow, encodeInnerRows, innerRowsPrefix } from "~/domain/row-path";
import { Prisma } from "~/generated/prisma/client";
import { driverErrorCause } from "~/server/db/driver-error";
import type { Tx } from "~/server/db/transaction";
import { moveRecordedRows, type OpenChanges, recordValueChanges } from "~/server/services/history/internal/change-record";
import type { OwnerLockMode, PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/**
 * Set-based statements on the data values of passport-data owners: each takes whole arrays through `unnest`, so
 * writing N values of any number of owners of one kind is one statement, instead of N round trips. The owners of a
 * write in progress carry their open history changes (writePassportData): each writing statement then records the
 * values it changed, with their old and new values, in each owner's change, in the same statement
 * (history/internal/change-record.ts).
 */

/**
 * The owners a statement writes, all of one kind, with the history changes of the write in progress if the values
 * are written by one; `mode` how the write locked them (a `values` lock leaves the value rows to the statements that
 * write them).
 */
export type WrittenOwners = {
  kind: PassportDataOwner["kind"];
  ids: readonly string[];
  changes?: OpenChanges;
  mode?: OwnerLockMode;
};

/** The owners of a write, or one owner alone (a new model's initial values, a template switch). */
type Owners = WrittenOwners | (PassportDataOwner & Pick<WrittenOwners, "changes" | "mode">);

function ownersOf(owners: Owners): WrittenOwners {
  return "ids" in owners ? owners : { kind: owners.kind, ids: [owners.id], changes: owners.changes, mode: owners.mode };
}

/** A value of a write's owner number `owner` in its `ids` (0 when absent: the one owner). */
export type OwnedValue = TDataValue & { owner?: number };

/** A place of one owner (`owner` as in OwnedValue). */
export type OwnedTriple = DataValueTriple & { owner?: number };

/** A place's key with its owner, as `existingTriples` answers them. */
export function ownedTripleKey(triple: OwnedTriple): string {
  return `${triple.owner ?? 0}|${tripleKey(triple)}`;
}

type OwnerTable = { table: Prisma.Sql; key: Prisma.Sql };

/** Where each kind of owner keeps its values: a table of its own, keyed by the owner's id in `key`. */
const OWNER_TABLES: { [K in PassportDataOwner["kind"]]: OwnerTable } = {
  model: { table: Prisma.raw(`"data_value"`), key: Prisma.raw(`"modelId"`) },
  item: { table: Prisma.raw(`"item_data_value"`), key: Prisma.raw(`"itemId"`) },
};

/**
 * The values (or places) as a table `t(o, s, f, r, i, l[, v])` — owner id, section id, field id, row, inner rows and
 * language as stored ('' outside nested repeaters, '' for a field that is not multilingual), and the value — for a
 * statement to insert, join or delete by. Each column is one parameter, the text of a PostgreSQL array literal cast
 * in the statement: as JavaScript arrays, Prisma serialises the parameters to JSON and back, maps every element, and
 * `pg` escapes every element again into this very text — at 100,000 values 0.4–0.6 s of a write's CPU. The owner,
 * section and field ids, the inner rows and the languages, a few distinct values repeated on every value, go as
 * indexes (from 1) into an array of the distinct ones, or as a constant where all are the same (Dictionary):
 * 100,000 values' ids are 11 MB of text to write, send and parse as uuids where their indexes are 0.6 MB (the
 * statement reading them 60 against 170 ms, on PostgreSQL 15).
 */
function valueTable(
  ownerIds: readonly string[],
  values: readonly (OwnedTriple & { value?: string | null })[],
  withValues: boolean,
): Prisma.Sql {
  const owners = new Dictionary("uuid");
  const sections = new Dictionary("uuid");
  const fields = new Dictionary("uuid");
  const innerRows = new Dictionary("text");
  const languages = new Dictionary("text");
  const rows: number[] = [];
  const texts: (string | null)[] = [];
  for (const v of values) {
    owners.add(ownerIds[v.owner ?? 0] as string);
    sections.add(v.dataSectionId);
    fields.add(v.dataFieldId);
    innerRows.add(encodeInnerRows(v.innerRows));
    languages.add(storedLanguage(v));
    rows.push(v.row);
    if (withValues) texts.push(v.value ?? null);
  }
  const columns: Column[] = [
    owners.column("o"),
    sections.column("s"),
    fields.column("f"),
    { name: "r", array: Prisma.sql`${`{${rows.join(",")}}`}::int[]` },
    innerRows.column("i"),
    languages.column("l"),
    ...(withValues ? [{ name: "v", array: Prisma.sql`${arrayLiteral(texts)}::text[]` }] : []),
  ];
  const unnested = columns.filter((column) => column.array !== undefined);
  return Prisma.sql`(
    SELECT ${Prisma.join(columns.map((column) => Prisma.sql`${column.select ?? Prisma.raw(`x.${column.name}`)} AS ${Prisma.raw(column.name)}`))}
    FROM unnest(${Prisma.join(unnested.map((column) => column.array as Prisma.Sql))})
      AS x(${Prisma.raw(unnested.map((column) => column.name).join(", "))})
  ) AS t`;
}

/**
 * A column of valueTable: sent as an array to `unnest` (as `x.<name>`), or chosen from it (`select`), or both; a
 * column of one value on every row is `select` alone, a constant.
 */
type Column = { name: string; select?: Prisma.Sql; array?: Prisma.Sql };

/**
 * The distinct values of a column of few (ids, inner rows, languages) and, for each value added, its index (from 1)
 * among them: the column goes as those indexes into the array of its distinct values, or as a constant when it has
 * one value only (a write of one owner, outside nested repeaters, of no multilingual field).
 */
class Dictionary {
  private readonly indexOf = new Map<string, number>();
  private readonly indexes: number[] = [];

  constructor(private readonly type: "uuid" | "text") {}

  add(value: string): void {
    let index = this.indexOf.get(value);
    if (index === undefined) this.indexOf.set(value, (index = this.indexOf.size + 1));
    this.indexes.push(index);
  }

  column(name: string): Column {
    const type = Prisma.raw(this.type);
    const distinct = [...this.indexOf.keys()];
    if (distinct.length === 1) return { name, select: Prisma.sql`${distinct[0]}::${type}` };
    return {
      name,
      select: Prisma.sql`(${arrayLiteral(distinct)}::${type}[])[x.${Prisma.raw(name)}]`,
      array: Prisma.sql`${`{${this.indexes.join(",")}}`}::int[]`,
    };
  }
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal of texts: each element quoted (so any text, '' and 'NULL' included, is itself), `"`
 * and `\` escaped, null as NULL — what `pg` writes for a JavaScript array, once.
 */
export function arrayLiteral(items: readonly (string | null)[]): string {
  const parts = items.map((item) =>
    item === null ? "NULL" : NEEDS_ESCAPE.test(item) ? `"${item.replace(/["\\]/g, "\\$&")}"` : `"${item}"`,
  );
  return `{${parts.join(",")}}`;
}

/**
 * One group of readDataValues: section, field, language, and the rows, inner rows and values of its values, in the
 * order the database aggregated them. `i` is null for a group with no inner rows (every group outside nested
 * repeaters), so those cost no array of ''.
 */
export type ValueGroup = { s: string; f: string; l: string; r: number[]; i: string[] | null; v: (string | null)[] };

/**
 * The group's values appended to `values` in row order: row, then inner rows. The database aggregates them unordered
 * (GROUP_COLUMNS): in the order it stores them, which is row order after an add but not after a modify (each UPDATE
 * moves a value's row), so one scan finds a group ordered and only a group out of order is sorted here. Row and inner
 * rows are unique within a group; inner rows are fixed-width digits and dots, of one depth within a field
 * (row-path.ts), so their text compares here as under any database collation.
 */
export function pushGroup(values: TDataValue[], group: ValueGroup): void {
  const { s, f, l, r, i: inner, v } = group;
  const order = inRowOrder(group) ? null : rowOrder(group);
  for (let k = 0; k < r.length; k++) {
    const at = order ? (order[k] as number) : k;
    const value: TDataValue = { value: v[at] ?? null, dataSectionId: s, dataFieldId: f, row: r[at] as number };
    const innerRows = inner ? decodeInnerRows(inner[at] as string) : undefined;
    if (innerRows) value.innerRows = innerRows;
    values.push(withStoredLanguage(value, l));
  }
}

/** Negative when the group's value at `a` comes before the one at `b` (ValueGroup). */
function compareAt({ r, i }: ValueGroup, a: number, b: number): number {
  const byRow = (r[a] as number) - (r[b] as number);
  if (byRow !== 0 || !i) return byRow;
  const [x, y] = [i[a] as string, i[b] as string];
  return x < y ? -1 : x > y ? 1 : 0;
}

function inRowOrder(group: ValueGroup): boolean {
  for (let k = 1; k < group.r.length; k++) if (compareAt(group, k - 1, k) > 0) return false;
  return true;
}

/**
 * The positions of the group's values in row order. Without inner rows each row is there once: where the rows are
 * dense (as a repeater's are, 0…n-1 but for deleted ones), each value's position is put at its row's place in a
 * table of them and read back in row order; else row × length + position is unique, below 2^53, and one numeric sort
 * of those orders the group without a call per comparison. A group of 10,000 rows: 0.04 against 2.5 ms, 1.2 by the sort.
 */
function rowOrder(group: ValueGroup): ArrayLike<number> {
  const { r, i } = group;
  if (i) return Array.from(r, (_, k) => k).sort((a, b) => compareAt(group, a, b));
  const n = r.length;
  let last = 0;
  for (let k = 0; k < n; k++) last = Math.max(last, r[k] as number);
  const order = new Uint32Array(n);
  if (last < DENSE_ROWS * n) {
    const at = new Int32Array(last + 1).fill(-1);
    for (let k = 0; k < n; k++) at[r[k] as number] = k;
    let next = 0;
    for (const k of at) if (k >= 0) order[next++] = k;
    return order;
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (r[k] as number) * n + k;
  keys.sort();
  for (let k = 0; k < n; k++) order[k] = (keys[k] as number) % n;
  return order;
}

/** Rows up to this many times a group's values are placed in a table of them (rowOrder); sparser ones are sorted. */
const DENSE_ROWS = 4;

/**
 * The columns of a group of values (ValueGroup) for `table` aliased `d`, in no order within the group: an ordered
 * aggregate sorts the group's rows once per aggregate (three times a field on PostgreSQL 15), which was most of a
 * 100,000-value read; pushGroup puts them in row order.
 */
const GROUP_COLUMNS = Prisma.sql`d."dataSectionId"::text AS "s", d."dataFieldId"::text AS "f", d."language" AS "l",
  array_agg(d."row") AS "r", CASE WHEN max(d."innerRows") = '' THEN NULL ELSE array_agg(d."innerRows") END AS "i",
  array_agg(d."value") AS "v"`;

/**
 * All data values of an owner in one query, in a stable order: section, field, language, row (a multilingual
 * field's values come per language; `language` is set on those only).
 * The database groups them per field into two arrays, so an owner of 100,000 values crosses the driver as a few
 * dozen rows instead of 100,000; expanding the arrays here costs far less than decoding a row per value.
 */
export async function readDataValues(db: Tx, owner: PassportDataOwner): Promise<TDataValue[]> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const groups = await db.$queryRaw<ValueGroup[]>`
    SELECT ${GROUP_COLUMNS}
    FROM ${table} AS d WHERE d.${key} = ${owner.id}::uuid
    GROUP BY d."dataSectionId", d."dataFieldId", d."language"
    ORDER BY d."dataSectionId", d."dataFieldId", d."language"`;
  const values: TDataValue[] = [];
  for (const group of groups) pushGroup(values, group);
  return values;
}

/**
 * What an insert does with a value whose place (owner, section, field, row, language) is taken: `skip` it (the nulls
 * completing rows, where some of a row's places may hold values already), or `fail` — the statement fails with a
 * unique violation (isPlaceTaken) and the caller explains it. `fail` is the adds' case: a plain INSERT, without the
 * speculative insertion ON CONFLICT makes of every row (100,000 values: 600 against 830 ms on PostgreSQL 15).
 */
type WhenTaken = "skip" | "fail";

/** Inserts the values; returns how many were inserted (with `skip`, the others already existed). */
export async function insertDataValues(
  tx: Tx,
  to: Owners,
  values: readonly OwnedValue[],
  whenTaken: WhenTaken = "skip",
): Promise<number> {
  if (values.length === 0) return 0;
  const owners = ownersOf(to);
  const { table, key } = OWNER_TABLES[owners.kind];
  const [result] = await tx.$queryRaw<{ inserted: number }[]>`
    WITH "inserted" AS (
      INSERT INTO ${table} (${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value")
      SELECT t.o, t.s, t.f, t.r, t.i, t.l, t.v
      FROM ${valueTable(owners.ids, values, true)}
      ${whenTaken === "skip" ? Prisma.sql`ON CONFLICT DO NOTHING` : Prisma.empty}
      RETURNING ${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value"
    )${recordValueChanges(
      owners.changes,
      "add",
      Prisma.sql`SELECT ${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", NULL::text, "value" FROM "inserted"`,
    )}
    SELECT count(*)::int AS "inserted" FROM "inserted"`;
  return result?.inserted ?? 0;
}

/**
 * The error of a `fail` insert (insertDataValues) that met a taken place: a raw query's failure (P2010) whose driver
 * error is a unique violation.
 */
export function isPlaceTaken(error: unknown): boolean {
  return (
    error instanceof Prisma.PrismaClientKnownRequestError &&
    error.code === "P2010" &&
    driverErrorCause(error)?.kind === "UniqueConstraintViolation"
  );
}

/** A value row `d` at the place of a "matched" row `m`, its owner in column `key` (updateDataValues). */
function samePlace(key: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`d.${key} = m.o AND d."dataSectionId" = m.s AND d."dataFieldId" = m.f AND d."row" = m.r
    AND d."innerRows" = m.i AND d."language" = m.l`;
}

/** The value rows "matched" reads, locked in one order (updateDataValues). */
const LOCK_IN_ORDER = Prisma.sql`ORDER BY d."dataSectionId", d."dataFieldId", d."row", d."innerRows", d."language" FOR UPDATE OF d`;

/**
 * Sets the value of each existing place (owner, section, field, row, language); returns how many places matched and
 * the owners of which a value really changed.
 */
export async function updateDataValues(
  tx: Tx,
  owners: WrittenOwners,
  values: readonly OwnedValue[],
): Promise<{ matched: number; changedOwners: string[] }> {
  if (values.length === 0) return { matched: 0, changedOwners: [] };
  const { table, key } = OWNER_TABLES[owners.kind];
  // One statement: "matched" joins the request to the values as they were before (the pre-image, with the old
  // value), the update skips equal values and answers each change with its old and new value for the history.
  // Under a `values` lock (passport-data-owner.ts) "matched" locks the rows in one order, so writers sharing the
  // owner that modify the same values wait for each other, never deadlock, and record the value they really replaced;
  // the update finds them again by their key, so a row another writer changed while this one waited for its lock is
  // followed to its latest version (which this statement's snapshot does not see).
  // Under an `update` lock no one else writes the owner's values, so the row "matched" read is the one to update:
  // found by its physical place (ctid) instead of a second join by key — 100,000 values: 1.70 against 1.90 s a PATCH.
  const isShared = owners.mode === "values";
  const [counts] = await tx.$queryRaw<{ matched: number; changedOwners: string[] }[]>`
    WITH "matched" AS (
      SELECT d.ctid AS c, d.${key} AS o, d."dataSectionId" AS s, d."dataFieldId" AS f, d."row" AS r, d."innerRows" AS i,
             d."language" AS l, d."value" AS ov, t.v AS nv
      FROM ${table} AS d
      JOIN ${valueTable(owners.ids, values, true)}
        ON d.${key} = t.o AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r AND d."innerRows" = t.i
          AND d."language" = t.l
      WHERE d.${key} = ANY(${[...owners.ids]}::uuid[]) ${isShared ? LOCK_IN_ORDER : Prisma.empty}
    ), "changed" AS (
      UPDATE ${table} AS d SET "value" = m.nv FROM "matched" AS m
      WHERE ${isShared ? samePlace(key) : Prisma.sql`d.ctid = m.c`} AND m.ov IS DISTINCT FROM m.nv
      RETURNING m.o, m.s, m.f, m.r, m.i, m.l, m.ov, m.nv
    )${recordValueChanges(owners.changes, "modify", Prisma.sql`SELECT o, s, f, r, i, l, ov, nv FROM "changed"`)}
    SELECT (SELECT count(*) FROM "matched")::int AS "matched",
           (SELECT coalesce(array_agg(DISTINCT o::text), '{}') FROM "changed") AS "changedOwners"`;
  return { matched: counts?.matched ?? 0, changedOwners: counts?.changedOwners ?? [] };
}

/**
 * Which of the given places exist, by `ownedTripleKey`; used only to explain a conflict or a miss, never on the fast
 * path.
 */
export async function existingTriples(tx: Tx, owners: WrittenOwners, triples: readonly OwnedTriple[]): Promise<Set<string>> {
  const { table, key } = OWNER_TABLES[owners.kind];
  const rows = await tx.$queryRaw<{ o: string; s: string; f: string; r: number; i: string; l: string }[]>`
    SELECT d.${key}::text AS "o", d."dataSectionId"::text AS "s", d."dataFieldId"::text AS "f", d."row" AS "r",
           d."innerRows" AS "i", d."language" AS "l"
    FROM ${table} AS d
    JOIN ${valueTable(owners.ids, triples, false)}
      ON d.${key} = t.o AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r AND d."innerRows" = t.i
        AND d."language" = t.l
    WHERE d.${key} = ANY(${[...owners.ids]}::uuid[])`;
  return new Set(
    rows.map((row) =>
      ownedTripleKey(
        withStoredLanguage(
          {
            owner: owners.ids.indexOf(row.o),
            dataSectionId: row.s,
            dataFieldId: row.f,
            row: row.r,
            innerRows: decodeInnerRows(row.i),
          },
          row.l,
        ),
      ),
    ),
  );
}

/** Deletes the given places (owner, section, field, row, language); returns how many were deleted. */
export async function deleteDataValues(tx: Tx, from: Owners, triples: readonly OwnedTriple[]): Promise<number> {
  if (triples.length === 0) return 0;
  const owners = ownersOf(from);
  const { table, key } = OWNER_TABLES[owners.kind];
  return countDeleted(
    tx,
    owners,
    Prisma.sql`DELETE FROM ${table} AS d
      USING ${valueTable(owners.ids, triples, false)}
      WHERE d.${key} = t.o AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
        AND d."innerRows" = t.i AND d."language" = t.l`,
  );
}

/** Runs a DELETE of values, recording each deleted value with its last value; returns how many were deleted. */
async function countDeleted(tx: Tx, owners: WrittenOwners, deletion: Prisma.Sql): Promise<number> {
  const { key } = OWNER_TABLES[owners.kind];
  const [result] = await tx.$queryRaw<{ deleted: number }[]>`
    WITH "deleted" AS (${deletion} RETURNING d.${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value")${recordValueChanges(
      owners.changes,
      "delete",
      Prisma.sql`SELECT ${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value", NULL::text FROM "deleted"`,
    )}
    SELECT count(*)::int AS "deleted" FROM "deleted"`;
  return result?.deleted ?? 0;
}

/**
 * Which rows of a repeater a statement works on: the outermost repeater's (`parent` absent: `row` is the row), or a
 * nested repeater's inside one row of the repeater around it (`parent`, that row's whole path: its inner rows are
 * the stored prefix, and the nested row is the next seven digits of `innerRows`, row-path.ts). `sectionIds` are the
 * repeater and everything nested in it, so a row moves or goes with the rows inside it.
 */
export type RowScope = { sectionIds: readonly string[]; parent?: { row: number; innerRows: readonly number[] } };

type NestedPlace = { row: number; prefix: string; at: number };

function nestedPlace(parent: NonNullable<RowScope["parent"]>): NestedPlace {
  return { row: parent.row, ...innerRowsPrefix(parent.innerRows, parent.innerRows.length) };
}

/** The condition that a value (alias d) is inside the scope's parent row; TRUE for the outermost repeater. */
function inParent(place: NestedPlace | undefined): Prisma.Sql {
  return place ? Prisma.sql`d."row" = ${place.row} AND left(d."innerRows", ${place.at - 1}) = ${place.prefix}` : Prisma.sql`TRUE`;
}

/** A nested value's (alias d) row in the scope's repeater, as stored: its seven digits of `innerRows`. */
function rowIn(place: NestedPlace): Prisma.Sql {
  return Prisma.sql`substring(d."innerRows" from ${place.at} for 7)`;
}

/** The row numbers a repeater holds (in the repeater or its nested sections), in the scope's parent row, ascending. */
export async function rowNumbers(tx: Tx, owner: PassportDataOwner, scope: RowScope): Promise<number[]> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const place = scope.parent && nestedPlace(scope.parent);
  const rows = await tx.$queryRaw<{ row: number }[]>`
    SELECT DISTINCT ${place ? Prisma.sql`${rowIn(place)}::int` : Prisma.sql`d."row"`} AS "row" FROM ${table} AS d
    WHERE d.${key} = ${owner.id}::uuid AND d."dataSectionId" = ANY(${[...scope.sectionIds]}::uuid[]) AND ${inParent(place)}
    ORDER BY 1`;
  return rows.map((r) => r.row);
}

/**
 * The largest row count of each (owner, repeater) pair given, after the write: `ownerId|repeaterId` → rows. A
 * nested repeater has rows inside each row around it; its count is that of the fullest. `counted` names each
 * repeater's sections (it and everything nested in it) with the repeater's level (0 for an outermost one). One query
 * for any number of owners of one kind; a pair without rows is absent.
 */
export async function repeaterRowCounts(
  tx: Tx,
  kind: PassportDataOwner["kind"],
  ownerIds: readonly string[],
  counted: readonly { sectionId: string; repeaterId: string; level: number }[],
): Promise<Map<string, number>> {
  const { table, key } = OWNER_TABLES[kind];
  const sections = counted.map((c) => c.sectionId);
  const repeaters = counted.map((c) => c.repeaterId);
  const levels = counted.map((c) => c.level);
  const rows = await tx.$queryRaw<{ ownerId: string; repeaterId: string; count: number }[]>`
    SELECT c."ownerId", c."repeaterId", max(c."count")::int AS "count" FROM (
      SELECT d.${key}::text AS "ownerId", m.rep::text AS "repeaterId",
             CASE WHEN m.lvl = 0 THEN '' ELSE d."row"::text || '|' || left(d."innerRows", (m.lvl - 1) * 8) END AS "parent",
             count(DISTINCT CASE WHEN m.lvl = 0 THEN d."row"::text ELSE substring(d."innerRows" from (m.lvl - 1) * 8 + 1 for 7) END)
               AS "count"
      FROM ${table} AS d JOIN unnest(${sections}::uuid[], ${repeaters}::uuid[], ${levels}::int[]) AS m(s, rep, lvl)
        ON d."dataSectionId" = m.s
      WHERE d.${key} = ANY(${[...ownerIds]}::uuid[])
      GROUP BY 1, 2, 3) AS c
    GROUP BY 1, 2`;
  return new Map(rows.map((row) => [`${row.ownerId}|${row.repeaterId}`, row.count]));
}

/**
 * Moves each row `from[i]` of the scope to `to[i]`. A permutation would collide with itself inside one statement (the
 * primary key is checked row by row), so the rows pass through a mark first (negative numbers for an outermost
 * repeater's rows, a `~` before a nested one's inner rows); the second statement records each moved value at its new
 * row as a "move" in the write's history change. What the same write already recorded in those rows (values added or
 * modified before the reorder) moves with them first.
 */
export async function renumberRows(
  tx: Tx,
  owner: PassportDataOwner & Pick<WrittenOwners, "changes">,
  scope: RowScope,
  from: readonly number[],
  to: readonly number[],
): Promise<void> {
  if (from.length === 0) return;
  const { table, key } = OWNER_TABLES[owner.kind];
  const place = scope.parent && nestedPlace(scope.parent);
  const sectionIds = [...scope.sectionIds];
  await moveRecordedRows(tx, owner.changes, owner.id, { sectionIds, place }, from, to);
  const moves = Prisma.sql`unnest(${[...from]}::int[], ${[...to]}::int[]) AS m(f, t)`;
  const inScope = Prisma.sql`d.${key} = ${owner.id}::uuid AND d."dataSectionId" = ANY(${sectionIds}::uuid[]) AND ${inParent(place)}`;
  await (place
    ? tx.$executeRaw`
        UPDATE ${table} AS d SET "innerRows" = '~' || overlay(d."innerRows" placing lpad(m.t::text, 7, '0') from ${place.at} for 7)
        FROM ${moves} WHERE ${inScope} AND ${rowIn(place)} = lpad(m.f::text, 7, '0')`
    : tx.$executeRaw`UPDATE ${table} AS d SET "row" = -1 - m.t FROM ${moves} WHERE ${inScope} AND d."row" = m.f`);
  const unmark = place
    ? Prisma.sql`"innerRows" = substr("innerRows", 2) WHERE ${key} = ${owner.id}::uuid AND "row" = ${place.row} AND "innerRows" LIKE '~%'`
    : Prisma.sql`"row" = -1 - "row" WHERE ${key} = ${owner.id}::uuid AND "row" < 0`;
  await tx.$queryRaw`
    WITH "moved" AS (
      UPDATE ${table} SET ${unmark} AND "dataSectionId" = ANY(${sectionIds}::uuid[])
      RETURNING ${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value"
    )${recordValueChanges(
      owner.changes,
      "move",
      Prisma.sql`SELECT ${key}, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value", "value" FROM "moved"`,
    )}
    SELECT count(*)::int AS "moved" FROM "moved"`;
}

/** One whole row of a repeater of a write's owner (`owner` as in OwnedValue): the row list it is in (`RowScope`) and its number there. */
export type ScopedRow = RowScope & { row: number; owner?: number };

/**
 * The rows as two sets to join a value (alias d) with: `r`, one line per row (its place in `rows`, its owner, its
 * parent row or -1 outermost, the parent's stored inner rows, where the row's own seven digits start, and those
 * digits or its outer row number), and `s`, each row's sections. `match` says a value is inside the row r names, at
 * any depth.
 */
function scopedRowSets(owners: WrittenOwners, rows: readonly ScopedRow[]): { sets: Prisma.Sql; match: Prisma.Sql } {
  const { key } = OWNER_TABLES[owners.kind];
  const places = rows.map((row) => row.parent && nestedPlace(row.parent));
  const sectionOf = rows.flatMap((row, i) => row.sectionIds.map(() => i));
  const sets = Prisma.sql`unnest(
      ${rows.map((_, i) => i)}::int[], ${rows.map((row) => owners.ids[row.owner ?? 0] as string)}::uuid[],
      ${places.map((place) => place?.row ?? -1)}::int[],
      ${places.map((place) => place?.prefix ?? "")}::text[], ${places.map((place) => place?.at ?? 1)}::int[],
      ${rows.map((row) => encodeInnerRow(row.row))}::text[], ${rows.map((row) => row.row)}::int[]
    ) AS r(i, o, parent, prefix, at, digits, top)
    JOIN unnest(${sectionOf}::int[], ${rows.flatMap((row) => [...row.sectionIds])}::uuid[]) AS s(i, section) ON s.i = r.i`;
  const match = Prisma.sql`d.${key} = ANY(${[...owners.ids]}::uuid[]) AND d.${key} = r.o AND d."dataSectionId" = s.section
    AND CASE WHEN r.parent < 0 THEN d."row" = r.top
    ELSE d."row" = r.parent AND left(d."innerRows", r.at - 1) = r.prefix AND substring(d."innerRows" from r.at for 7) = r.digits END`;
  return { sets, match };
}

/** Which of `rows` hold no value (their places in `rows`, ascending): one query, whatever the number of row lists and owners. */
export async function missingRows(tx: Tx, owners: WrittenOwners, rows: readonly ScopedRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const { table } = OWNER_TABLES[owners.kind];
  const { sets, match } = scopedRowSets(owners, rows);
  const found = await tx.$queryRaw<{ i: number }[]>`SELECT DISTINCT r.i FROM ${sets} JOIN ${table} AS d ON ${match}`;
  const present = new Set(found.map((f) => f.i));
  return rows.flatMap((_, i) => (present.has(i) ? [] : [i]));
}

/**
 * Deletes whole rows of repeaters, each with everything nested in it, in one statement over every row list and owner
 * they are in (the history records each value); returns how many values went.
 */
export async function deleteRows(tx: Tx, owners: WrittenOwners, rows: readonly ScopedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { table } = OWNER_TABLES[owners.kind];
  const { sets, match } = scopedRowSets(owners, rows);
  return countDeleted(tx, owners, Prisma.sql`DELETE FROM ${table} AS d USING ${sets} WHERE ${match}`);
}

/**
 * The values of the given items in one query, by item id (publishing a chunk of a model's items at once,
 * docs/versions.md): grouped per item and field like `readDataValues`.
 */
export async function readItemValuesOfItems(db: Tx, itemIds: readonly string[]): Promise<Map<string, TDataValue[]>> {
  const groups = await db.$queryRaw<(ValueGroup & { item: string })[]>`
    SELECT d."itemId"::text AS "item", ${GROUP_COLUMNS}
    FROM "item_data_value" AS d
    WHERE d."itemId" = ANY(${itemIds}::uuid[])
    GROUP BY d."itemId", d."dataSectionId", d."dataFieldId", d."language"
    ORDER BY d."itemId", d."dataSectionId", d."dataFieldId", d."language"`;
  const byItem = new Map<string, TDataValue[]>();
  for (const group of groups) {
    let values = byItem.get(group.item);
    if (!values) byItem.set(group.item, (values = []));
    pushGroup(values, group);
  }
  return byItem;
}
