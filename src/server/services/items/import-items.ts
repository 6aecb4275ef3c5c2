import { widenIdentifierColumnsOfItems } from "~/server/services/items/internal/identifier-columns";
import { AppError, type Issue } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { appendPath } from "~/domain/json-path";
import { type ItemImportPlan, planItemImport } from "~/domain/spreadsheet/item-import-plan";
import { MAX_IMPORT_ITEMS, type TItemImportProgress, type TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import type { TMappingOverrides } from "~/domain/spreadsheet/sheet-mapping";
import { readWorkbookFile } from "~/domain/spreadsheet/workbook-files";
import { type FileKind } from "~/domain/spreadsheet/file-types";
import { type TemplateIndex } from "~/domain/template-index";
import { ascendingUuids } from "~/domain/uuid";
import { getDb } from "~/server/db/client";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { dataChangesWrite } from "~/server/services/data-values/apply-data-changes";
import { writePassportDataIn } from "~/server/services/internal/write-passport-data";
import { addIdentifiers, type ImportTarget, importTargets, heldValues } from "~/server/services/items/internal/import-targets";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { insertItems, lockModelForItems } from "~/server/services/items/internal/insert-items";
import { importedSectionIds, itemChanges } from "~/server/services/items/internal/import-changes";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type ImportItemsOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  file: { bytes: Uint8Array; kind: FileKind };
  isDryRun: boolean;
  mapping?: TMappingOverrides;
  /** The locale of a CSV or TSV file's numbers and dates (BCP 47); detected from the file when not given. */
  locale?: string;
  /** Told how far a real import is: once planned, then after each chunk of items written (the streamed answer). */
  onProgress?: (progress: Omit<TItemImportProgress, "type">) => void;
};

/**
 * Items written per set-based statement group: bounds the arrays one statement carries and gives a long import its
 * progress steps (10 for the largest file), at a cost of a few statements per chunk.
 */
const WRITE_CHUNK = 1_000;

/**
 * Creates and updates a model's items from a spreadsheet (docs/spreadsheets.md). A dry run reads, plans and reports
 * without writing. Otherwise the whole file is applied in one transaction or not at all: the model is locked
 * against template changes, the file is planned again on what is committed then, any problem refuses it (400
 * listing them), and every item is written through the one write path (history, versions), so an edit running at
 * the same time is either committed before the import sees the item, or waits for the import to commit.
 */
export async function importItems(options: ImportItemsOptions): Promise<TItemImportReport> {
  const { actor, organizationId, modelId, file, isDryRun, mapping, locale } = options;
  assertMayDo(actor, organizationId, "writeData");
  const sheets = await readWorkbookFile(file.bytes, file.kind);
  const plan = async (db: Tx, templateId: string) => {
    const index = await loadTemplateIndex(db, templateId);
    const { publishedLanguages } = await readLanguageSettings(db, organizationId);
    const itemPlan = planItemImport(index, sheets, mapping, publishedLanguages, locale);
    if (itemPlan.items.length > MAX_IMPORT_ITEMS) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The file has ${itemPlan.items.length} items; at most ${MAX_IMPORT_ITEMS} are imported at once.`,
      );
    }
    return { index, itemPlan, targets: await importTargets(db, organizationId, modelId, itemPlan) };
  };
  if (isDryRun) {
    const db = getDb();
    const { index, itemPlan, targets } = await plan(db, await modelTemplateId(db, organizationId, modelId));
    return report(db, index, itemPlan, targets);
  }
  return inTransaction(async (tx) => {
    const templateId = await lockModelForItems(tx, organizationId, modelId);
    const { index, itemPlan, targets } = await plan(tx, templateId);
    const counted = await report(tx, index, itemPlan, targets);
    if (itemPlan.problems.count > 0) throw problemsError(itemPlan);
    options.onProgress?.({ phase: "checking", done: 0, total: targets.length });
    return { ...counted, createdIds: await writeTargets(tx, { ...options, templateId, index, plan: itemPlan }, targets) };
  });
}

async function modelTemplateId(db: Tx, organizationId: string, modelId: string): Promise<string> {
  const model = await db.model.findFirst({ where: { id: modelId, organizationId }, select: { templateId: true } });
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  return model.templateId;
}

/**
 * The report of a file before it is written: items to create, items it changes and items it names with exactly
 * what they hold (compared with what they hold now, by the same `itemChanges` the write applies). Incomplete items
 * are allowed, as in the editor: a row may clear a required field; completeness reports it.
 */
async function report(
  db: Tx,
  index: TemplateIndex,
  plan: ItemImportPlan,
  targets: readonly ImportTarget[],
): Promise<TItemImportReport> {
  const matched = targets.filter((t) => t.itemId !== null);
  const itemIds = [...new Set(matched.map((t) => t.itemId as string))];
  const held = await heldValues(db, itemIds, importedSectionIds(index, plan));
  const changed = new Set<string>();
  for (const target of matched) {
    const holds = held.get(target.itemId as string) ?? new Map<string, string | null>();
    const changes = itemChanges(target, index, plan.repeaterIds, holds);
    const isChange = target.newIdentifiers.length > 0 || Object.values(changes).some((list) => list.length > 0);
    if (isChange) changed.add(target.itemId as string);
  }
  return {
    create: targets.length - matched.length,
    update: changed.size,
    unchanged: itemIds.length - changed.size,
    reading: plan.reading,
    problems: plan.problems.kept,
    moreProblems: plan.problems.moreProblems,
    mapping: plan.mapping,
    createdIds: [],
  };
}

/** The problems of a file imported without a dry run, as a 400's issues: `$["Items"][3]["Battery › Serial"]`. */
function problemsError(plan: ItemImportPlan): AppError {
  const issues: Issue[] = plan.problems.kept.map((p) => ({
    path: appendPath("$", ...[p.sheet, p.row, p.column].filter((part) => part !== null)),
    message: `${p.rule}: ${p.message}`,
  }));
  return new AppError(
    "VALIDATION",
    `The file has ${plan.problems.count} problem${plan.problems.count === 1 ? "" : "s"}; nothing was imported.`,
    issues,
    undefined,
    plan.problems.count,
  );
}

type WriteContext = ImportItemsOptions & { templateId: string; index: TemplateIndex; plan: ItemImportPlan };

/**
 * Creates the new items (set-based), then writes every item's values through the one write path, a chunk of items
 * at a time (writePassportDataIn with dataChangesWrite, the write of a single save: the items locked, their values,
 * history and versions in a few statements whatever their number); answers the created ids.
 */
async function writeTargets(tx: Tx, context: WriteContext, targets: ImportTarget[]): Promise<string[]> {
  const { actor, organizationId, modelId, templateId, index, plan } = context;
  const fresh = targets.filter((t) => t.itemId === null);
  // Ascending ids keep the file's order of items, and of each item's identifiers, in what lists and exports show.
  const itemIds = ascendingUuids(fresh.length);
  const created = fresh.map((t, k) => {
    const values = t.newIdentifiers.length > 0 ? t.newIdentifiers : [crypto.randomUUID()];
    const uuids = ascendingUuids(values.length);
    return {
      id: itemIds[k] ?? crypto.randomUUID(),
      identifiers: values.map((value, j) => ({ uuid: uuids[j] ?? crypto.randomUUID(), value })),
    };
  });
  // A conflict names the items sheet's row of each taken identifier.
  const lines = created.flatMap((item, k) => item.identifiers.map(() => fresh[k]?.item.line ?? 0));
  const issuePath = (i: number) => `$["Items"][${lines[i] ?? 0}]`;
  await insertItems(tx, { organizationId, modelId, templateId, items: created, issuePath });
  fresh.forEach((t, i) => (t.itemId = created[i]?.id ?? null));
  const updated = targets.filter((t) => !fresh.includes(t));
  await addIdentifiers(tx, organizationId, updated);
  const gaining = updated.filter((t) => t.newIdentifiers.length > 0 && t.itemId !== null).map((t) => t.itemId as string);
  await widenIdentifierColumnsOfItems(tx, modelId, gaining);
  // Chunks in ascending id order, so the locks of two imports are taken in one global order and cannot deadlock.
  const byId = [...targets].sort((a, b) => ((a.itemId as string) < (b.itemId as string) ? -1 : 1));
  const sectionIds = importedSectionIds(index, plan);
  for (let start = 0; start < byId.length; start += WRITE_CHUNK) {
    const chunk = byId.slice(start, start + WRITE_CHUNK);
    const itemIds = chunk.map((t) => t.itemId as string);
    await writePassportDataIn(tx, { actor, organizationId, modelId, ids: itemIds }, async (tx, items, index) => {
      // Read with the items locked: the values and rows the file's columns and repeaters replace.
      const held = await heldValues(tx, items.ids, sectionIds);
      const owners = chunk.map((target) => {
        const ownerId = target.itemId as string;
        const changes = itemChanges(target, index, plan.repeaterIds, held.get(ownerId) ?? new Map());
        return { ownerId, changes, label: `Row ${target.item.line} of the items sheet` };
      });
      return dataChangesWrite(owners, { kind: "item" })(tx, items, index);
    });
    context.onProgress?.({ phase: "writing", done: start + chunk.length, total: byId.length });
  }
  return created.map((item) => item.id);
}
