import { z } from "zod";
import type { Actor } from "~/domain/actor";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import { frozenAasEnvironment } from "~/domain/versions/frozen-passport";
import type { Jsonable } from "~/domain/aas/export-metadata";
import {
  AAS_MAX_SERIALIZATION_IDS,
  AAS_READ_PROFILES,
  type AasRoute,
  decodeAasIdentifier,
  modelReference,
  pageOf,
  parseAasShellId,
  shellIdOfSubmodel,
  submodelView,
  type TAasReadQuery,
  type TAssetLinks,
} from "~/domain/aas/read-api";
import { AppError } from "~/domain/app-error";
import { decodeCursor, encodeCursor } from "~/domain/page-cursor";
import type { TReaderLevel } from "~/domain/passport-schema";
import { getConfig, publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { resolveDigitalLink } from "~/server/services/passport-links/resolve-digital-link";
import type { PassportEntry } from "~/server/services/passports/internal/passport-cache";
import { openPassport } from "~/server/services/passports/read-passport";
import { chargeAnonymousAasRead } from "~/server/services/aas/internal/aas-read-limit";

/**
 * The AAS read API (docs/aas.md §Read API): the AAS Repository, Submodel Repository and Discovery read profiles
 * (SSP-002) over our passports. Every answer is cut from the passport's AAS export at the reader's level, read through
 * the passport's own read path and cache (openPassport), so a write is seen on the next read and an AAS client sees
 * exactly the fields the passport JSON shows it: anyone the public fields, a member (API key) every field of its
 * organization's passports, the holder of a grant (`?grant=`) its level on single reads.
 */

export type AasReader = { actor: Actor | null; grantToken?: string; clientAddress: string | null };

/** Query values a parameter may repeat (`?aasIds=a&aasIds=b`). */
export type AasListParams = { assetIds: string[]; aasIds: string[]; submodelIds: string[] };

/** One passport's answer is cacheable by its version and the reader's level; lists are not. */
export type AasAnswer = { body: unknown; caching?: { etag: string; modelId: string; level: TReaderLevel } };

type Owner = { kind: "model" | "item"; id: string; modelId: string };
type ShellRead = { environment: Jsonable; shell: Jsonable; submodels: Jsonable[]; level: TReaderLevel; entry: PassportEntry };

type Input<K extends AasRoute["kind"]> = {
  route: Extract<AasRoute, { kind: K }>;
  query: TAasReadQuery;
  lists: AasListParams;
  reader: AasReader;
};
type Handlers = { [K in AasRoute["kind"]]: (input: Input<K>) => Promise<AasAnswer> };

export async function readAas(route: AasRoute, query: TAasReadQuery, lists: AasListParams, reader: AasReader): Promise<AasAnswer> {
  await chargeAnonymousAasRead(reader);
  const handler = HANDLERS[route.kind] as (input: Input<AasRoute["kind"]>) => Promise<AasAnswer>;
  return handler({ route, query, lists, reader });
}

const HANDLERS: Handlers = {
  description: () => Promise.resolve({ body: { profiles: [...AAS_READ_PROFILES] } }),
  shells: async ({ route, query, lists, reader }) => {
    const listed = lists.assetIds.length > 0 ? await shellsOfAssets(lists.assetIds, reader) : await shellPage(query, reader);
    const shells = listed.reads.filter((r) => query.idShort === undefined || r.shell.idShort === query.idShort);
    const result = shells.map((r) => (route.modifier ? modelReference("AssetAdministrationShell", r.shell.id as string) : r.shell));
    return { body: { paging_metadata: listed.cursor ? { cursor: listed.cursor } : {}, result } };
  },
  shell: async ({ route, query, reader }) => {
    const read = await readShell(route.shellId, reader);
    const { shell } = read;
    const body =
      route.part === "shell"
        ? shell
        : route.part === "$reference"
          ? modelReference("AssetAdministrationShell", route.shellId)
          : route.part === "asset-information"
            ? shell.assetInformation
            : undefined;
    return answer(
      read,
      body ??
        pageOf(
          read.submodels.map((s) => modelReference("Submodel", s.id as string)),
          query.limit,
          query.cursor,
        ),
    );
  },
  "shell-submodel": async ({ route, query, reader }) => {
    if (shellIdOfSubmodel(route.submodelId) !== route.shellId) throw submodelNotFound();
    return submodelAnswer(route.submodelId, route.target, query, reader);
  },
  submodel: ({ route, query, reader }) => submodelAnswer(route.submodelId, route.target, query, reader),
  submodels: async ({ route, query, reader }) => {
    const { submodels, cursor } = await submodelPage(query, reader);
    const paging_metadata = cursor ? { cursor } : {};
    if (route.modifier === "$value") {
      const values = Object.fromEntries(
        submodels.map((s) => [s.id as string, submodelView(s.id as string, s, { kind: "submodel", modifier: "$value" }, query)]),
      );
      return { body: { paging_metadata, result: values } };
    }
    if (route.modifier === "$path") {
      const paths = submodels.flatMap(
        (s) => submodelView(s.id as string, s, { kind: "submodel", modifier: "$path" }, query) as string[],
      );
      return { body: { paging_metadata, result: paths } };
    }
    const result = submodels.map((s) => submodelView(s.id as string, s, { kind: "submodel", modifier: route.modifier }, query));
    return { body: { paging_metadata, result } };
  },
  serialization: ({ query, lists, reader }) => serialization(query, lists, reader).then((body) => ({ body })),
  "lookup-shells": async ({ lists, reader }) => {
    if (lists.assetIds.length === 0) throw new AppError("BAD_REQUEST", "assetIds names no asset: give one or more.");
    const { reads } = await shellsOfAssets(lists.assetIds, reader);
    return { body: { paging_metadata: {}, result: reads.map((r) => r.shell.id) } };
  },
  "lookup-shell": async ({ route, reader }) => {
    const read = await readShell(route.shellId, reader);
    const { globalAssetId } = read.shell.assetInformation as { globalAssetId: string };
    return answer(read, [{ name: "globalAssetId", value: globalAssetId }]);
  },
};

function answer(read: ShellRead, body: unknown): AasAnswer {
  const { header } = read.entry.assembled;
  const { published } = read.entry;
  // As the passport JSON's ETag: a published answer never matches a cached copy of the working copy, nor an older one.
  const publication = published ? `-${read.level === "member" ? "draft" : "published"}${published.n}` : "";
  const etag = `"aas-${header.version}-${read.level}${publication}"`;
  return { body, caching: { etag, modelId: read.entry.modelId, level: read.level } };
}

const shellNotFound = () => new AppError("NOT_FOUND", "No Asset Administration Shell with that id.");
const submodelNotFound = () => new AppError("NOT_FOUND", "No submodel with that id.");

async function submodelAnswer(
  submodelId: string,
  target: Parameters<typeof submodelView>[2],
  query: TAasReadQuery,
  reader: AasReader,
) {
  const shellId = shellIdOfSubmodel(submodelId);
  if (shellId === null) throw submodelNotFound();
  const read = await readShell(shellId, reader).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "NOT_FOUND" ? submodelNotFound() : error;
  });
  const submodel = read.submodels.find((s) => s.id === submodelId);
  if (!submodel) throw submodelNotFound();
  return answer(read, submodelView(submodelId, submodel, target, query));
}

/** Each passport's environment per reader level, kept beside its cache entry (a new entry on every write). */
const environments = new WeakMap<PassportEntry, Partial<Record<TReaderLevel, Jsonable>>>();

function shellReadOf(entry: PassportEntry, level: TReaderLevel): ShellRead {
  let views = environments.get(entry);
  if (!views) environments.set(entry, (views = {}));
  const environment = (views[level] ??= environmentOf(entry, level));
  const [shell] = environment.assetAdministrationShells as Jsonable[];
  return { environment, shell: shell as Jsonable, submodels: (environment.submodels as Jsonable[] | undefined) ?? [], level, entry };
}

/**
 * Once a passport is published, its readers (anonymous, a grant's level) see the latest version's AAS, rebuilt from its
 * frozen passport at their level; members see the working copy, as with the passport JSON (docs/versions.md).
 */
function environmentOf(entry: PassportEntry, level: TReaderLevel): Jsonable {
  const { published, publishedIndex } = entry;
  if (published && publishedIndex && level !== "member") {
    const frozen = published.documents[level].credentialSubject.passport;
    return frozenAasEnvironment(frozen, level, publishedIndex, publicBaseUrl());
  }
  return passportToAasEnvironment({ passport: entry.assembled, level, baseUrl: publicBaseUrl() });
}

async function readShell(shellId: string, reader: AasReader): Promise<ShellRead> {
  const owner = parseAasShellId(publicBaseUrl(), shellId);
  if (!owner) throw shellNotFound();
  const [uuid] = (
    await firstIdentifiers([
      owner.itemId === undefined
        ? { kind: "model", id: owner.modelId, modelId: owner.modelId }
        : { kind: "item", id: owner.itemId, modelId: owner.modelId },
    ])
  ).values();
  if (uuid === undefined) throw shellNotFound();
  const opened = await openPassport({ uuid, ...reader }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "NOT_FOUND" ? shellNotFound() : error;
  });
  if (opened.entry.modelId !== owner.modelId) throw shellNotFound();
  return shellReadOf(opened.entry, opened.level);
}

/** The identifier (first taken, in use) that opens each owner's passport, by owner id. */
async function firstIdentifiers(owners: readonly Owner[]): Promise<Map<string, string>> {
  const modelIds = owners.filter((o) => o.kind === "model").map((o) => o.id);
  const itemIds = owners.filter((o) => o.kind === "item").map((o) => o.id);
  const rows = await getDb().uniqueProductIdentifier.findMany({
    where: {
      retiredAt: null,
      OR: [
        ...(modelIds.length > 0 ? [{ modelId: { in: modelIds }, itemId: null }] : []),
        ...(itemIds.length > 0 ? [{ itemId: { in: itemIds }, item: { modelId: { in: owners.map((o) => o.modelId) } } }] : []),
      ],
    },
    orderBy: [{ createdAt: "asc" }, { uuid: "asc" }],
    select: { uuid: true, modelId: true, itemId: true },
  });
  const first = new Map<string, string>();
  for (const row of rows) {
    const key = row.itemId ?? row.modelId;
    if (key !== null && !first.has(key)) first.set(key, row.uuid);
  }
  return new Map(owners.flatMap((o) => (first.has(o.id) ? [[o.id, first.get(o.id) as string] as const] : [])));
}

/** A position among all shells: models by id, then items by id; `skip` submodels of the shell at `from`. */
const ZPosition = z.object({ kind: z.enum(["model", "item"]), from: z.uuid(), skip: z.number().int().min(0).default(0) });
type Position = z.infer<typeof ZPosition>;

/** Up to `take` owners of passports in use from a position on, through the primary keys' order (never all of them). */
async function ownersFrom(position: Position | undefined, take: number): Promise<Owner[]> {
  const db = getDb();
  const inUse = { uniqueProductIdentifiers: { some: { retiredAt: null } } };
  const owners: Owner[] = [];
  if (position?.kind !== "item") {
    const models = await db.model.findMany({
      where: { ...inUse, ...(position && { id: { gte: position.from } }) },
      orderBy: { id: "asc" },
      take,
      select: { id: true },
    });
    owners.push(...models.map((m) => ({ kind: "model" as const, id: m.id, modelId: m.id })));
  }
  if (owners.length < take) {
    const items = await db.item.findMany({
      where: { ...inUse, ...(position?.kind === "item" && { id: { gte: position.from } }) },
      orderBy: { id: "asc" },
      take: take - owners.length,
      select: { id: true, modelId: true },
    });
    owners.push(...items.map((i) => ({ kind: "item" as const, id: i.id, modelId: i.modelId })));
  }
  return owners;
}

/**
 * The shells of a page of owners, each at the reader's level (member for its own organization's, else public; a
 * grant opens single reads only, so a listing never spends a grant's read allowance).
 */
async function shellsOf(owners: readonly Owner[], reader: AasReader): Promise<ShellRead[]> {
  const uuids = await firstIdentifiers(owners);
  const reads: ShellRead[] = [];
  for (const owner of owners) {
    const uuid = uuids.get(owner.id);
    if (uuid === undefined) continue;
    const opened = await openPassport({ uuid, actor: reader.actor }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") return null; // deleted meanwhile
      throw error;
    });
    if (opened) reads.push(shellReadOf(opened.entry, opened.level));
  }
  return reads;
}

function positionOf(cursor: string | undefined): Position | undefined {
  return cursor === undefined ? undefined : decodeCursor(cursor, ZPosition);
}

async function shellPage(query: TAasReadQuery, reader: AasReader): Promise<{ reads: ShellRead[]; cursor?: string }> {
  const owners = await ownersFrom(positionOf(query.cursor), query.limit + 1);
  const next = owners[query.limit];
  const reads = await shellsOf(owners.slice(0, query.limit), reader);
  return { reads, ...(next && { cursor: encodeCursor({ kind: next.kind, from: next.id, skip: 0 }) }) };
}

/** Submodels of all shells in order: a page reads at most `limit` passports, so it may hold fewer than `limit`. */
async function submodelPage(query: TAasReadQuery, reader: AasReader): Promise<{ submodels: Jsonable[]; cursor?: string }> {
  const position = positionOf(query.cursor);
  const owners = await ownersFrom(position, query.limit + 1);
  const page = owners.slice(0, query.limit);
  const reads = await shellsOf(page, reader);
  const submodels: Jsonable[] = [];
  let bytes = 0;
  for (const read of reads) {
    const skip = position && ownerIdOf(read) === position.from ? position.skip : 0;
    const remaining = read.submodels.slice(skip);
    // Room by count, and by size: a page stops before the submodel that would take it past the byte budget.
    let room = Math.min(query.limit - submodels.length, remaining.length);
    for (let k = 0; k < room; k++) {
      bytes += jsonSize(remaining[k] as Jsonable);
      if (bytes > answerBudget() && submodels.length + k > 0) room = k;
    }
    submodels.push(...remaining.slice(0, room));
    if (remaining.length > room) {
      const owner = page.find((o) => o.id === ownerIdOf(read)) as Owner;
      return { submodels, cursor: encodeCursor({ kind: owner.kind, from: owner.id, skip: skip + room }) };
    }
  }
  const next = owners[query.limit];
  return { submodels, ...(next && { cursor: encodeCursor({ kind: next.kind, from: next.id, skip: 0 }) }) };
}

/**
 * A page of submodels, and a serialization, hold at most AAS_ANSWER_MAX_BYTES of JSON: a listing of a database with
 * large passports would otherwise build answers past what a string can hold (V8's limit is about 512 MiB) from one
 * anonymous request. A page stops early (its cursor goes on); a serialization past it is refused.
 */
const answerBudget = () => getConfig().AAS_ANSWER_MAX_BYTES;

/** Each element's JSON length, once: the environments are cached per passport read, so the sizes are too. */
const sizes = new WeakMap<Jsonable, number>();

function jsonSize(element: Jsonable): number {
  let size = sizes.get(element);
  if (size === undefined) sizes.set(element, (size = JSON.stringify(element).length));
  return size;
}

function ownerIdOf(read: ShellRead): string {
  const { header } = read.entry.assembled;
  return header.itemId ?? header.modelId;
}

/**
 * Shells by asset id (base64url-encoded SpecificAssetIds): `globalAssetId` names a passport by its canonical URL or
 * its GS1 Digital Link URI, as the shells carry them; a shell must match every asset id given.
 */
async function shellsOfAssets(encoded: readonly string[], reader: AasReader): Promise<{ reads: ShellRead[]; cursor?: string }> {
  if (encoded.length > AAS_MAX_SERIALIZATION_IDS)
    throw new AppError("BAD_REQUEST", `assetIds takes at most ${AAS_MAX_SERIALIZATION_IDS} ids.`);
  const assets = encoded.map((text) => {
    const parsed = ZSpecificAssetId.safeParse(parseJson(decodeAasIdentifier(text, "assetIds")));
    if (!parsed.success)
      throw new AppError("BAD_REQUEST", "Each of assetIds must be a base64url-encoded SpecificAssetId {name, value}.");
    return parsed.data;
  });
  return { reads: await shellsOfAssetLinks(assets, reader) };
}

/**
 * The shells linked to every one of the asset links: a passport's shell has one, its `globalAssetId`, so links that
 * name anything else, or two different values, find none.
 */
async function shellsOfAssetLinks(assets: readonly { name: string; value: string }[], reader: AasReader): Promise<ShellRead[]> {
  const values = new Set(assets.map((a) => (a.name === "globalAssetId" ? a.value : null)));
  if (values.size !== 1 || values.has(null)) return [];
  const value = assets[0]?.value as string;
  const uuid = await passportOfAsset(value);
  if (uuid === null) return [];
  const opened = await openPassport({ uuid, actor: reader.actor }).catch(() => null);
  if (!opened) return [];
  const read = shellReadOf(opened.entry, opened.level);
  const { globalAssetId } = read.shell.assetInformation as { globalAssetId: string };
  return globalAssetId === value ? [read] : [];
}

/** The Discovery profile's SearchAllAssetAdministrationShellIdsByAssetLink (POST /lookup/shellsByAssetLink). */
export async function lookupShellsByAssetLinks(links: TAssetLinks, reader: AasReader): Promise<AasAnswer> {
  await chargeAnonymousAasRead(reader);
  const reads = await shellsOfAssetLinks(links, reader);
  return { body: { paging_metadata: {}, result: reads.map((r) => r.shell.id) } };
}

const ZSpecificAssetId = z.object({ name: z.string().min(1).max(64), value: z.string().min(1).max(2048) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function passportOfAsset(value: string): Promise<string | null> {
  const base = publicBaseUrl();
  if (!value.startsWith(`${base}/`)) return null;
  const path = value.slice(base.length);
  const page = /^\/p\/([0-9a-f-]{36})$/.exec(path);
  if (page?.[1]) return page[1];
  if (!path.startsWith("/01/")) return null;
  return resolveDigitalLink({ path }).then(
    (found) => found.uuid,
    () => null,
  );
}

/** `/serialization`: one environment of the shells and submodels named, with their concept descriptions. */
async function serialization(query: TAasReadQuery, lists: AasListParams, reader: AasReader): Promise<Jsonable> {
  const count = lists.aasIds.length + lists.submodelIds.length;
  if (count === 0) throw new AppError("BAD_REQUEST", "Name the shells (aasIds) or submodels (submodelIds) to serialize.");
  if (count > AAS_MAX_SERIALIZATION_IDS) throw new AppError("BAD_REQUEST", `At most ${AAS_MAX_SERIALIZATION_IDS} ids in all.`);
  const reads = new Map<string, ShellRead>();
  const readOnce = async (shellId: string) => {
    const read = reads.get(shellId) ?? (await readShell(shellId, reader));
    reads.set(shellId, read);
    return read;
  };
  const shells: Jsonable[] = [];
  for (const id of lists.aasIds.map((text) => decodeAasIdentifier(text, "aasIds"))) shells.push((await readOnce(id)).shell);
  const submodels: Jsonable[] = [];
  for (const id of lists.submodelIds.map((text) => decodeAasIdentifier(text, "submodelIds"))) {
    const shellId = shellIdOfSubmodel(id);
    const submodel = shellId === null ? undefined : (await readOnce(shellId)).submodels.find((s) => s.id === id);
    if (!submodel) throw submodelNotFound();
    submodels.push(submodel);
  }
  const total = [...shells, ...submodels].reduce((sum, element) => sum + jsonSize(element), 0);
  if (total > answerBudget()) {
    const mib = (bytes: number) => `${Math.ceil(bytes / 1048576)} MiB`;
    throw new AppError(
      "BAD_REQUEST",
      `The environment would hold ${mib(total)} of JSON, past the ${mib(answerBudget())} an answer may: ask for fewer ids.`,
    );
  }
  const concepts = new Map<string, Jsonable>();
  if (query.includeConceptDescriptions === "true") {
    for (const read of reads.values()) {
      for (const concept of (read.environment.conceptDescriptions as Jsonable[] | undefined) ?? [])
        concepts.set(concept.id as string, concept);
    }
  }
  return {
    ...(shells.length > 0 && { assetAdministrationShells: shells }),
    ...(submodels.length > 0 && { submodels }),
    ...(concepts.size > 0 && { conceptDescriptions: [...concepts.values()] }),
  };
}
