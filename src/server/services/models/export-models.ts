import type { Actor } from "~/domain/actor";
import type { TSheetFormat } from "~/domain/spreadsheet/item-import-schema";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import type { SheetFile } from "~/domain/spreadsheet/file-types";
import { sheetFileStream } from "~/server/services/internal/sheet-file-stream";

export type ExportModelsOptions = { actor: Actor; organizationId: string; format: TSheetFormat };

const PAGE = 500;

/** The columns of the model list: title row, key row (docs/spreadsheets.md, The model list). */
const COLUMNS = [
  ["Id", "id"],
  ["Name", "name"],
  ["Description", "description"],
  ["GTIN", "gtin"],
  ["Identifier", "identifier"],
  ["Template", "template"],
  ["Template version", "templateVersion"],
  ["Items", "items"],
  ["Updated", "updatedAt"],
] as const;

type ModelRow = {
  id: string;
  name: string;
  description: string;
  gtin: string | null;
  identifier: string | null;
  template: string;
  templateVersion: string;
  items: number;
  updatedAt: Date;
};

/**
 * The organization's model list as a spreadsheet, one row per model, streamed a page at a time like the items'
 * export (oldest first). Written through the same escaping writer.
 */
export function exportModels({ actor, organizationId, format }: ExportModelsOptions): SheetFile {
  assertMemberOf(actor, organizationId);
  const db = getDb();
  async function* pages(): AsyncIterable<string[][]> {
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await db.$queryRaw<(ModelRow & { createdAt: Date })[]>`
        SELECT m."id"::text AS "id", m."name", m."description", m."gtin", m."createdAt", m."updatedAt",
          (SELECT u."value" FROM "unique_product_identifier" AS u WHERE u."modelId" = m."id"
           ORDER BY u."createdAt", u."uuid" LIMIT 1) AS "identifier",
          t."name" AS "template", t."version" AS "templateVersion",
          (SELECT count(*)::int FROM "item" AS i WHERE i."modelId" = m."id") AS "items"
        FROM "model" AS m JOIN "template" AS t ON t."id" = m."templateId"
        WHERE m."organizationId" = ${organizationId}
          AND (${after?.createdAt ?? null}::timestamp IS NULL OR (m."createdAt", m."id") > (${after?.createdAt ?? null}::timestamp, ${after?.id ?? null}::uuid))
        ORDER BY m."createdAt", m."id" LIMIT ${PAGE}`;
      if (rows.length === 0) return;
      yield rows.map((row) =>
        COLUMNS.map(([, key]) => {
          const value = row[key];
          return value instanceof Date ? value.toISOString() : value === null ? "" : String(value);
        }),
      );
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  const header = [COLUMNS.map(([title]) => title), COLUMNS.map(([, key]) => key)];
  return sheetFileStream(format, `models-${organizationId}`, [{ name: "Models", fileName: "models", header, pages }]);
}
