import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { negotiateLanguage } from "~/domain/languages/language";
import type { TPassport, TReaderLevel } from "~/domain/passport-schema";
import type { TReadingSeries } from "~/domain/reading";
import { chargeGrantRead } from "~/server/services/access-grants/internal/grant-read-limit";
import { grantRefusal, openGrant } from "~/server/services/access-grants/internal/grant-token";
import { loadPassport } from "~/server/services/passports/internal/load-passport";
import { cachedPassport, type PassportEntry, passportView, viewLanguages } from "~/server/services/passports/internal/passport-cache";
import { hasRestrictedFields } from "~/domain/passport";
import { recordRestrictedRead } from "~/server/services/audit/internal/record-restricted-read";

export type ReadPassportOptions = {
  /** The uuid of a model's or an item's unique product identifier. */
  uuid: string;
  /** The caller, when signed in or with a key: a member of the owning organization sees every field. */
  actor: Actor | null;
  /** The secret of an access grant (`?grant=`); one that does not open this passport is simply ignored. */
  grantToken?: string;
  /** The reader's address (src/server/http/client-address.ts), for the limit on reads with a grant. */
  clientAddress?: string | null;
  /** What the reader asks for: `?lang=` and `Accept-Language` (docs/languages.md); absent, the default language. */
  language?: { query?: string | null; acceptLanguage?: string | null };
};

/**
 * The passport of a model or an item as one reader may see it (docs/api.md §Passports), in the negotiated language
 * (`?lang=`, `Accept-Language`, the organization's default; only published languages): anyone sees the public
 * fields; a member of the owning organization every field; the holder of a grant of this model (or this passport),
 * neither revoked nor expired, the fields up to the grant's level, and the read is recorded. An unknown or retired
 * identifier is NOT_FOUND, and a grant that opens nothing leaves the reader anonymous, with `grantRefused` saying
 * why (revoked or expired for the holder of a grant of this passport, else "not-valid": docs/security.md).
 * The answer is shared between readers of one level: callers must not change it.
 */
export async function readPassport(options: ReadPassportOptions): Promise<TPassport> {
  return viewOfOpened(await openPassport(options), options);
}

/**
 * The passport page's content (docs/readings.md §The chart): the passport as readPassport answers it, and the charts
 * of the readings of the fields this reader sees in it — a field the reader's level hides has no chart either.
 */
export async function readPassportPage(options: ReadPassportOptions): Promise<{ passport: TPassport; charts: TReadingSeries[] }> {
  const opened = await openPassport(options);
  const passport = viewOfOpened(opened, options);
  const shown = new Set(passport.dataSections.flatMap((s) => s.dataFields.map((f) => `${s.id}|${f.id}`)));
  const charts = opened.entry.readingCharts.filter((c) => shown.has(`${c.dataSectionId}|${c.dataFieldId}`));
  return { passport, charts };
}

function viewOfOpened(opened: OpenedPassport, options: ReadPassportOptions): TPassport {
  const settings = viewLanguages(opened.entry, opened.level);
  const { language } = negotiateLanguage({ ...options.language, settings });
  if (opened.grantRefused === undefined) return passportView(opened.entry, opened.level, language);
  // A copy: the shared public view stays as every other reader gets it.
  return { ...passportView(opened.entry, "public", language), grantRefused: opened.grantRefused };
}

export type OpenedPassport = {
  entry: PassportEntry;
  level: TReaderLevel;
  /** Why the grant presented opened nothing (the reader stays public). */
  grantRefused?: TPassport["grantRefused"];
};

/**
 * The cached passport `uuid` opens and the level this reader sees it at, by readPassport's rules: every reader of a
 * passport (JSON, page, AAS) goes through here, so all of them see the same fields.
 */
export async function openPassport({ uuid, actor, grantToken, clientAddress = null }: ReadPassportOptions): Promise<OpenedPassport> {
  const entry = await cachedPassport(uuid, () => loadPassport(uuid));
  if (!entry) throw new AppError("NOT_FOUND", "Passport not found.");
  if (actor?.organizationIds.includes(entry.organizationId)) {
    if (hasRestrictedFields(entry.assembled)) await recordRestrictedRead(actor, entry.organizationId, uuid);
    return { entry, level: "member" };
  }
  if (grantToken === undefined || grantToken === "") return { entry, level: "public" };
  // Limited per grant and address (429), before the grant is checked: a guesser's unknown tokens count too.
  await chargeGrantRead(grantToken, clientAddress);
  const target = { organizationId: entry.organizationId, modelId: entry.modelId, uuid };
  const level: TReaderLevel | null = await openGrant(grantToken, target);
  if (level) return { entry, level };
  return { entry, level: "public", grantRefused: await grantRefusal(grantToken, target) };
}
