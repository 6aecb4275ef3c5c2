import QRCode from "qrcode";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { passportPageLocale, type TAppLocale } from "~/domain/languages/app-locale";
import { ZQueryInteger } from "~/domain/model-schema";
import { ZPassportQuery, type TPassport } from "~/domain/passport-schema";
import type { TReadingSeries } from "~/domain/reading";
import { isUuid } from "~/domain/uuid";
import { renderPassportPage } from "~/server/public-pages/passport-page";
import { publicErrorResponse } from "~/server/public-pages/public-response";
import type { RouteHandler } from "~/server/rest/rest-route";
import { parse, searchParams } from "~/server/rest/rest-route";
import { getConfig, publicBaseUrl } from "~/server/config";
import { clientAddress } from "~/server/http/client-address";
import {
  cachedResponse,
  cacheHeaders,
  contentEtag,
  isGrantRead,
  NO_STORE,
  readerPolicy,
  sharedAboutModel,
} from "~/server/http/cache-policy";
import { cachedQrImage, qrCacheKey, rememberQrImage } from "~/server/public-pages/qr-image-cache";
import { enforceRateLimit, PER_MINUTE } from "~/server/rate-limit/enforce-rate-limit";
import { getPassportLink } from "~/server/services/passport-links/get-passport-link";
import { resolveDigitalLink } from "~/server/services/passport-links/resolve-digital-link";
import { readPassportPage } from "~/server/services/passports/read-passport";
import { readPassportVersion, versionPassport } from "~/server/services/passport-versions/read-passport-version";

/**
 * The route handlers of the public routes outside /api (docs/gs1.md, docs/api.md §Public pages): thin like every
 * adapter, one service call each; the Digital Link paths share one handler.
 */

/** `/01/{gtin}[/10/{lot}][/21/{serial}]` → 307 to the passport page. The path is read raw, so its escapes stay exact. */
export const digitalLinkRoute: RouteHandler = async (request) => {
  try {
    const url = new URL(request.url);
    const { uuid } = await resolveDigitalLink({ path: url.pathname });
    // An access grant's secret travels on (`/01/…?grant=` → `/p/{uuid}?grant=`); other query parameters are
    // Digital Link attributes the page does not use.
    const grant = url.searchParams.get("grant");
    const location = `/p/${uuid}${grant ? `?grant=${encodeURIComponent(grant)}` : ""}`;
    // Where a key leads changes when items come and go, so no cache keeps the redirect.
    return new Response(null, { status: 307, headers: { Location: location, ...cacheHeaders(NO_STORE) } });
  } catch (error) {
    return publicErrorResponse(request, error);
  }
};

/** Bounds of a PNG code's width in pixels: enough for print, small enough that rendering stays cheap. */
export const QR_PNG_SIZE = { min: 64, max: 2048, default: 512 } as const;

const ZQrPngQuery = z.strictObject({
  size: ZQueryInteger.pipe(
    z
      .number()
      .min(QR_PNG_SIZE.min, { error: `size must be at least ${QR_PNG_SIZE.min}` })
      .max(QR_PNG_SIZE.max, { error: `size must be at most ${QR_PNG_SIZE.max}` }),
  ).optional(),
});

type QrFormat = "svg" | "png";

/** `/p/{uuid}/qr.svg` and `/p/{uuid}/qr.png?size=`: the passport's link as a QR code (docs/gs1.md). */
export function qrCodeRoute(format: QrFormat): RouteHandler {
  return async (request, context) => {
    try {
      const uuid = await passportUuid(context);
      const size =
        format === "png"
          ? (parse(ZQrPngQuery, searchParams(request), "Query parameters are invalid.", "$query").size ?? QR_PNG_SIZE.default)
          : 0;
      const { url, modelId } = await getPassportLink({ uuid, requestOrigin: new URL(request.url).origin });
      // The code's URL changes when its model's GTIN is set or cleared (docs/gs1.md): cached like the passport, and
      // purged with it; the ETag (of the URL) makes a revalidation a 304 without rendering.
      return await cachedResponse(request, {
        etag: contentEtag("qr", format, size, url),
        policy: sharedAboutModel(modelId),
        contentType: format === "svg" ? "image/svg+xml" : "image/png",
        body: () => qrImage(format, size, url, clientAddress(request.headers)),
      });
    } catch (error) {
      return publicErrorResponse(request, error);
    }
  };
}

/**
 * The code from the cache, or rendered: a render is what costs (0.4 s of CPU for a large PNG), so only renders count
 * against the client address's QR_RENDERS_PER_MINUTE_PER_ADDRESS (429 beyond). A request that did not come through
 * the app's HTTP server has no address and is bounded by the cache alone.
 */
async function qrImage(
  format: QrFormat,
  size: number,
  url: string,
  address: string | null,
): Promise<string | Uint8Array<ArrayBuffer>> {
  const key = qrCacheKey(format, size, url);
  const cached = cachedQrImage(key);
  if (cached !== undefined) return cached;
  if (address !== null) {
    const rule = { windowMs: PER_MINUTE, max: getConfig().QR_RENDERS_PER_MINUTE_PER_ADDRESS };
    await enforceRateLimit(`qr:${address}`, rule, "QR codes rendered for this address");
  }
  const image =
    format === "svg"
      ? await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 })
      : new Uint8Array(await QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 4, width: size }));
  rememberQrImage(key, image);
  return image;
}

/** The `{uuid}` of a /p route; anything but a UUID names no passport, so it is the same 404 as an unknown one. */
export async function passportUuid(context: { params: Promise<Record<string, string | string[] | undefined>> }): Promise<string> {
  const { uuid } = await context.params;
  if (typeof uuid !== "string" || !isUuid(uuid)) throw new AppError("NOT_FOUND", "Passport not found.");
  return uuid.toLowerCase();
}

/**
 * `/.well-known/gs1resolver`: the resolver description file of the GS1-Conformant Resolver standard, telling a
 * scanner app which keys this host resolves and where its root is. Anyone may keep it a day: its declaration
 * (src/server/public-pages/public-route-table.ts) sets that.
 */
export const gs1ResolverDescriptionRoute: RouteHandler = () =>
  Promise.resolve(
    Response.json({
      name: "Passport Studio",
      resolverRoot: publicBaseUrl(),
      supportedPrimaryKeys: ["01"],
      supportedLinkType: [{ namespace: "https://gs1.org/voc/", prefix: "gs1:" }],
      linkTypeDefaultCanBeAll: false,
    }),
  );

const ZPageVersion = z.coerce.number().int().min(1).max(999_999_999).optional();

/**
 * `/p/{uuid}?version=n`: an earlier (or the latest) published version as the page showed it (docs/versions.md), at
 * the reader's level; cached like the passport page, since a version never changes.
 */
async function versionPage(
  request: Request,
  reader: { uuid: string; n: number; grantToken?: string; clientAddress: string | null },
  language: { query?: string; acceptLanguage: string | null },
): Promise<Response> {
  const version = await readPassportVersion(reader);
  const passport = versionPassport(version, language);
  const text = renderPassportPage(passport, version.latestVersion, passportPageLocale(passport.language, language));
  return cachedResponse(request, {
    etag: contentEtag("page", text),
    policy: readerPolicy({ ...version, isGrantRead: isGrantRead(request) }),
    vary: "Accept-Language",
    language: passport.language,
    contentType: "text/html; charset=utf-8",
    body: () => text,
  });
}

/**
 * Rendered pages by the passport object they show (readPassport answers one shared object per passport, level and
 * language) and the language of the page's words, which only a passport naming no language leaves to the reader.
 */
const renderedPages = new WeakMap<TPassport, Map<TAppLocale, { html: string; etag: string }>>();

function renderedPage(passport: TPassport, locale: TAppLocale, charts: readonly TReadingSeries[]): { html: string; etag: string } {
  let pages = renderedPages.get(passport);
  if (!pages) renderedPages.set(passport, (pages = new Map<TAppLocale, { html: string; etag: string }>()));
  let page = pages.get(locale);
  if (!page) {
    // The charts come with the passport object from one cache entry: the same object has the same charts.
    const text = renderPassportPage(passport, undefined, locale, charts);
    page = { html: text, etag: contentEtag("page", text) };
    pages.set(locale, page);
  }
  return page;
}

/**
 * `/p/{uuid}[?grant=]`: the public passport page (docs/gs1.md §The passport page). It never reads the session
 * cookie — everyone, members too, sees the public passport, or a grant's — so shared caches keep the public page
 * like the JSON passport (src/server/http/shared-cache.ts); a grant's page stays in its reader's browser.
 */
export const passportPageRoute: RouteHandler = async (request, context) => {
  try {
    const uuid = await passportUuid(context);
    const query = ZPassportQuery.safeParse(searchParams(request));
    // A malformed grant opens nothing, like an unknown one: the page is then the public passport.
    const reader = { uuid, grantToken: query.success ? query.data.grant : undefined, clientAddress: clientAddress(request.headers) };
    const language = { query: query.success ? query.data.lang : undefined, acceptLanguage: request.headers.get("accept-language") };
    const version = ZPageVersion.safeParse(searchParams(request).version);
    if (version.success && version.data !== undefined) return await versionPage(request, { ...reader, n: version.data }, language);
    const { passport, charts } = await readPassportPage({ ...reader, actor: null, language });
    const page = renderedPage(passport, passportPageLocale(passport.language, language), charts);
    // The page is in the negotiated language: its ETag hashes its text (the language in it), and caches key by the header.
    return await cachedResponse(request, {
      etag: page.etag,
      policy: readerPolicy({ accessLevel: passport.readerLevel, modelId: passport.modelId, isGrantRead: isGrantRead(request) }),
      vary: "Accept-Language",
      language: passport.language,
      contentType: "text/html; charset=utf-8",
      body: () => page.html,
    });
  } catch (error) {
    return publicErrorResponse(request, error);
  }
};
