import { afterAll, describe, expect, inject, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { createPrismaClient } from "~/server/db/client";
import { withClient } from "./support/fresh-database";
import {
  modelsInDependencyOrder,
  readPrismaSchema,
  type PrismaSchema,
  type SchemaField,
  type SchemaModel,
} from "./support/prisma-schema";

/**
 * The migrations are hand-written, so nothing but this file keeps them in step with prisma/schema.prisma. Both
 * checks derive their expectations from the schema text: a field added to the schema without a migration (or a
 * column added by a migration without the schema) fails here, on PGlite and on PostgreSQL.
 */

const schema = readPrismaSchema();
const url = inject("databaseUrl");

describe("prisma/schema.prisma", () => {
  it("is read completely: the generated client knows the same models and scalar fields", () => {
    const generated = Prisma as unknown as Record<string, Record<string, string>>;
    expect(schema.models.map((model) => model.name).sort()).toEqual(Object.keys(Prisma.ModelName).sort());
    for (const model of schema.models) {
      const fields = generated[`${model.name}ScalarFieldEnum`];
      expect(fields, `Prisma.${model.name}ScalarFieldEnum (run npm run generate?)`).toBeDefined();
      expect(model.fields.map((field) => field.name).sort(), model.name).toEqual(Object.keys(fields ?? {}).sort());
    }
  });
});

describe("the migrated database", () => {
  const db = createPrismaClient(url, 2);
  afterAll(() => db.$disconnect());

  it("has exactly the schema's tables, plus _prisma_migrations", async () => {
    const { rows } = await query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const expected = [...schema.models.map((model) => model.table), "_prisma_migrations"];
    expect(rows.map((row) => row.table_name).sort()).toEqual(expected.sort());
  });

  it("has exactly the schema's columns, with their types, nullability and presence of defaults", async () => {
    const { rows } = await query<ColumnRow>(
      `SELECT table_name, column_name, udt_name, is_nullable, column_default, datetime_precision
         FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
    );
    const lists = new Set(
      schema.models.flatMap((model) => model.fields.filter((f) => f.isList).map((f) => `${model.table}.${f.column}`)),
    );
    const actual = rows.map((row) => describeColumn(row, lists.has(`${row.table_name}.${row.column_name}`)));
    const expected = schema.models.flatMap((model) => model.fields.map((field) => expectedColumn(model, field)));
    // One line per column, so a diff names every missing, extra or different column at once.
    expect(actual.sort()).toEqual(expected.sort());
  });

  it("has the schema's enums with the same values in the same order", async () => {
    const { rows } = await query<{ typname: string; labels: string[] }>(
      `SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
         FROM pg_type t
         JOIN pg_enum e ON e.enumtypid = t.oid
         JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = current_schema()
        GROUP BY t.typname`,
    );
    const actual = Object.fromEntries(rows.map((row) => [row.typname, row.labels]));
    expect(actual).toEqual(Object.fromEntries(schema.enums.map((e) => [e.dbName, e.values])));
  });

  it("has the schema's primary keys, unique constraints and indexes", async () => {
    const { rows } = await query<{ table: string; primary: boolean; unique: boolean; columns: string[] }>(
      `SELECT tbl.relname AS "table", i.indisprimary AS "primary", i.indisunique AS "unique",
              array(SELECT a.attname::text
                      FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                     ORDER BY k.ord) AS columns
         FROM pg_index i
         JOIN pg_class tbl ON tbl.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = tbl.relnamespace
        WHERE n.nspname = current_schema() AND tbl.relname <> '_prisma_migrations'`,
    );
    const actual = rows.map((row) => {
      const kind = row.primary ? "PRIMARY KEY" : row.unique ? "UNIQUE" : "INDEX";
      return `${row.table} ${kind} (${row.columns.join(", ")})`;
    });
    const expected = schema.models.flatMap((model) => {
      const columns = (names: string[]) => names.map((name) => columnOf(model, name)).join(", ");
      return [
        `${model.table} PRIMARY KEY (${columns(model.primaryKey)})`,
        ...model.uniques.map((names) => `${model.table} UNIQUE (${columns(names)})`),
        ...model.indexes.map((names) => `${model.table} INDEX (${columns(names)})`),
      ];
    });
    expect(actual.sort()).toEqual(expected.sort());
  });

  it("has the schema's foreign keys with their ON DELETE actions", async () => {
    const { rows } = await query<{ table: string; target: string; action: string; columns: string[]; targets: string[] }>(
      `SELECT src.relname AS "table", tgt.relname AS target, con.confdeltype AS action,
              array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS targets
         FROM pg_constraint con
         JOIN pg_class src ON src.oid = con.conrelid
         JOIN pg_class tgt ON tgt.oid = con.confrelid
         JOIN pg_namespace n ON n.oid = src.relnamespace
        WHERE con.contype = 'f' AND n.nspname = current_schema()`,
    );
    const actions: Record<string, string> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };
    const actual = rows.map(
      (row) =>
        `${row.table} (${row.columns.join(", ")}) -> ${row.target} (${row.targets.join(", ")}) ON DELETE ${actions[row.action]}`,
    );
    const byName = new Map(schema.models.map((model) => [model.name, model]));
    const expected = schema.models.flatMap((model) =>
      model.relations
        .filter((relation) => relation.fields && relation.references)
        .map((relation) => {
          const target = byName.get(relation.target) as SchemaModel;
          const fields = relation.fields ?? [];
          // Prisma's default: Restrict when the foreign key is required, SetNull when it is optional.
          const isOptional = fields.some((name) => model.fields.find((f) => f.name === name)?.isOptional);
          const onDelete = relation.onDelete ?? (isOptional ? "SetNull" : "Restrict");
          const columns = fields.map((name) => columnOf(model, name)).join(", ");
          const targets = (relation.references ?? []).map((name) => columnOf(target, name)).join(", ");
          return `${model.table} (${columns}) -> ${target.table} (${targets}) ON DELETE ${onDelete}`;
        }),
    );
    expect(actual.sort()).toEqual(expected.sort());
  });

  it("stores and returns every scalar field of every model through the Prisma client, and applies the defaults", async () => {
    const startedAt = Date.now();
    class Rollback extends Error {}
    // Everything happens in one transaction that is rolled back, so the shared database keeps nothing of it.
    const outcome = await db
      .$transaction(
        async (tx) => {
          for (const variant of ["full", "minimal"] as const) {
            const written = new Map<string, Record<string, unknown>>();
            for (const model of modelsInDependencyOrder(schema)) {
              const oneRow = ONE_ROW_TABLES[model.name];
              const data = { ...rowFor(model, variant, written), ...oneRow };
              const delegate = delegateOf(tx, model);
              if (oneRow) await delegate.deleteMany({ where: oneRow });
              const select = Object.fromEntries(model.fields.map((field) => [field.name, true]));
              try {
                // The key as stored: a key the database generates (autoincrement) is not in `data`.
                const created = (await delegate.create({ data, select })) as Record<string, unknown>;
                const where = Object.fromEntries(model.primaryKey.map((name) => [name, created[name]]));
                written.set(model.name, { ...data, ...created });
                const read = await delegate.findFirstOrThrow({ where, select });
                expect(read).toEqual(expectedRead(model, variant, data, startedAt));
                for (const field of model.fields.filter((f) => f.isEnum && !f.isList)) {
                  for (const value of enumValues(schema, field)) {
                    await delegate.update({ where: uniqueWhere(model, where), data: { [field.name]: value } });
                    const again = await delegate.findFirstOrThrow({ where, select: { [field.name]: true } });
                    expect(again).toEqual({ [field.name]: value });
                  }
                }
              } catch (error) {
                const message = error instanceof Error ? error.message : String(error);
                throw new Error(`${model.name} (${variant} row): ${message}`, { cause: error });
              }
            }
          }
          throw new Rollback();
        },
        { maxWait: 60_000, timeout: 120_000 },
      )
      .catch((error: unknown) => error);
    if (!(outcome instanceof Rollback)) throw outcome;
  });
});

type ColumnRow = {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  column_default: string | null;
  datetime_precision: number | null;
};

/** "table.column udt[(precision)] NULL|NOT NULL [DEFAULT]"; a list column's nullability is not compared. */
function describeColumn(row: ColumnRow, isList: boolean): string {
  const precision = row.udt_name.startsWith("timestamp") ? `(${row.datetime_precision})` : "";
  const nullability = isList ? "NULL?" : row.is_nullable === "YES" ? "NULL" : "NOT NULL";
  return `${row.table_name}.${row.column_name} ${row.udt_name}${precision} ${nullability}${row.column_default === null ? "" : " DEFAULT"}`;
}

const UDT_NAMES: Record<string, string> = {
  String: "text",
  Boolean: "bool",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Decimal: "numeric",
  DateTime: "timestamp",
  Json: "jsonb",
  Bytes: "bytea",
};

const NATIVE_UDT_NAMES: Record<string, string> = {
  Uuid: "uuid",
  Text: "text",
  VarChar: "varchar",
  Char: "bpchar",
  SmallInt: "int2",
  Integer: "int4",
  Timestamp: "timestamp",
  Timestamptz: "timestamptz",
  Date: "date",
  Json: "json",
  JsonB: "jsonb",
  DoublePrecision: "float8",
  Real: "float4",
};

/** The column `prisma migrate` would create for a field, in describeColumn's notation. */
function expectedColumn(model: SchemaModel, field: SchemaField): string {
  let udt: string;
  if (field.isEnum) {
    udt = schema.enums.find((e) => e.name === field.type)?.dbName ?? field.type;
  } else if (field.nativeType) {
    udt = NATIVE_UDT_NAMES[field.nativeType] ?? `unknown native type @db.${field.nativeType}`;
  } else {
    udt = UDT_NAMES[field.type] ?? `unknown type ${field.type}`;
  }
  // Prisma's DateTime is TIMESTAMP(3) unless a native type says otherwise.
  const precision = udt.startsWith("timestamp") ? "(3)" : "";
  if (field.isList) udt = `_${udt}`;
  const nullability = field.isList ? "NULL?" : field.isOptional ? "NULL" : "NOT NULL";
  // uuid() and cuid() are filled in by the client; @updatedAt by the client too.
  const hasDbDefault = field.default !== undefined && field.default.kind !== "client";
  return `${model.table}.${field.column} ${udt}${precision} ${nullability}${hasDbDefault ? " DEFAULT" : ""}`;
}

function columnOf(model: SchemaModel, fieldName: string): string {
  return model.fields.find((field) => field.name === fieldName)?.column ?? `<no field ${model.name}.${fieldName}>`;
}

function enumValues(parsed: PrismaSchema, field: SchemaField): string[] {
  return parsed.enums.find((e) => e.name === field.type)?.values ?? [];
}

type Delegate = {
  create: (args: { data: Record<string, unknown>; select: Record<string, boolean> }) => Promise<unknown>;
  findFirstOrThrow: (args: { where: Record<string, unknown>; select: Record<string, boolean> }) => Promise<unknown>;
  update: (args: { where: Record<string, unknown>; data: Record<string, unknown> }) => Promise<unknown>;
  deleteMany: (args: { where: Record<string, unknown> }) => Promise<unknown>;
};

/**
 * Tables of exactly one row, which their migration inserts and a CHECK holds to its key (the signing key set's
 * version, docs/versions.md §Keys): each variant replaces that row, inside the transaction that is rolled back.
 */
const ONE_ROW_TABLES: Record<string, Record<string, unknown>> = { SigningKeySet: { id: 1 } };

/** `tx.productDataModel` for ProductDataModel: Prisma names a model's delegate by lower-casing its first letter. */
function delegateOf(tx: unknown, model: SchemaModel): Delegate {
  const name = model.name.charAt(0).toLowerCase() + model.name.slice(1);
  const delegate = (tx as Record<string, Delegate | undefined>)[name];
  if (!delegate) throw new Error(`The Prisma client has no delegate ${name} for model ${model.name}`);
  return delegate;
}

/** The unique-input form of a primary key: `{ id }`, or `{ a_b: { a, b } }` for a composite key. */
function uniqueWhere(model: SchemaModel, where: Record<string, unknown>): Record<string, unknown> {
  return model.primaryKey.length === 1 ? where : { [model.primaryKey.join("_")]: where };
}

/**
 * A row of `model`. "full" sets every scalar field to a value that differs from its default; "minimal" sets only what
 * has neither a default nor `?`, so the database's defaults and NULLs show. Foreign keys point at the row of the same
 * variant written just before for the referenced model.
 */
function rowFor(
  model: SchemaModel,
  variant: "full" | "minimal",
  written: Map<string, Record<string, unknown>>,
): Record<string, unknown> {
  const foreignKeys = new Map<string, unknown>();
  for (const relation of model.relations) {
    const parent = written.get(relation.target);
    (relation.fields ?? []).forEach((name, i) => {
      if (!parent) throw new Error(`${model.name}.${name}: no ${relation.target} row written before`);
      foreignKeys.set(name, parent[(relation.references ?? [])[i] as string]);
    });
  }
  const data: Record<string, unknown> = {};
  model.fields.forEach((field, index) => {
    const isNeeded = !field.isOptional && field.default === undefined && !field.isUpdatedAt;
    if (variant === "minimal" && !isNeeded && !field.isList) return;
    data[field.name] = foreignKeys.has(field.name) ? foreignKeys.get(field.name) : sampleValue(model, field, index);
  });
  return data;
}

function sampleValue(model: SchemaModel, field: SchemaField, index: number): unknown {
  const one = (): unknown => {
    switch (field.type) {
      case "String":
        return field.nativeType === "Uuid" ? crypto.randomUUID() : `${model.name}.${field.name} ${crypto.randomUUID()}`;
      case "Int":
        return 1000 + index;
      case "BigInt":
        return BigInt(2 ** 40 + index);
      case "Float":
        return 1.5 + index;
      case "Decimal":
        return new Prisma.Decimal(`12.${index}5`);
      case "Boolean":
        return field.default?.kind === "value" ? !field.default.value : true;
      case "DateTime":
        return new Date(Date.UTC(2001, 1, 3, 4, 5, 6, 700 + index));
      case "Json":
        return { field: field.name, nested: [1, "two", null, true, { deep: 2.5 }] };
      case "Bytes":
        return new Uint8Array([0, 1, 254, 255, index]);
      default: {
        if (!field.isEnum) throw new Error(`No sample value for ${model.name}.${field.name} of type ${field.type}`);
        const values = enumValues(schema, field);
        const fallback = field.default?.kind === "enum" ? field.default.value : undefined;
        return values.find((value) => value !== fallback) ?? values[0];
      }
    }
  };
  return field.isList ? [one(), one()] : one();
}

/** What reading a row back must give: what was written, and for what was left out, the default or null. */
function expectedRead(
  model: SchemaModel,
  variant: "full" | "minimal",
  data: Record<string, unknown>,
  startedAt: number,
): Record<string, unknown> {
  // PostgreSQL's now() is the transaction's start; allow the run's length plus some clock skew on either side.
  const recent = (): unknown =>
    expect.toSatisfy((value: unknown) => {
      const time = value instanceof Date ? value.getTime() : Number.NaN;
      return time >= startedAt - 60_000 && time <= Date.now() + 60_000;
    }, "a Date of this test run");
  return Object.fromEntries(
    model.fields.map((field) => {
      // A written value comes back as written (an @updatedAt given on create included).
      if (field.name in data) return [field.name, data[field.name]];
      const fallback = field.default;
      if (field.isUpdatedAt || fallback?.kind === "now") return [field.name, recent()];
      // A Json column's default is written as JSON text in the schema (`@default("[]")`) and read back parsed.
      if (fallback?.kind === "value" && field.type === "Json" && typeof fallback.value === "string") {
        return [field.name, JSON.parse(fallback.value) as unknown];
      }
      // A BigInt column is read as a bigint, its default written as a number in the schema (`@default(0)`).
      if (fallback?.kind === "value" && field.type === "BigInt" && typeof fallback.value === "number") {
        return [field.name, BigInt(fallback.value)];
      }
      if (fallback?.kind === "value" || fallback?.kind === "enum" || fallback?.kind === "list") return [field.name, fallback.value];
      if (fallback !== undefined) return [field.name, expect.anything()];
      if (field.isOptional) return [field.name, null];
      throw new Error(`${model.name}.${field.name} (${variant}) was neither written nor has a default`);
    }),
  );
}

function query<R extends Record<string, unknown>>(sql: string) {
  return withClient(url, (client) => client.query<R>(sql));
}
