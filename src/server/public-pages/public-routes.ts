import QRCode from "qrcode";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { ZQueryInteger } from "~/domain/model-schema";
import { ZPassportQuery, type TPassport } from "~/domain/passport-schema";
import { isUuid } from "~/domain/uuid";
import { renderPassportPage } from "~/server/public-pages/passport-page";
import { cachedResponse, etagOf, publicErrorResponse } from "~/server/public-pages/public-response";
import type { RouteHandler } from "~/server/rest/rest-route";
import { parse, searchParams } from "~/server/rest/rest-route";
import { publicBaseUrl } from "~/server/config";
import { getPassportLink } from "~/server/services/passport-links/get-passport-link";
import { resolveDigitalLink } from "~/server/services/passport-links/resolve-digital-link";
import { readPassport } from "~/server/services/passports/read-passport";

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
    return new Response(null, { status: 307, headers: { Location: location, "Cache-Control": "no-store" } });
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

/**
 * A QR code's URL changes when its model's GTIN is set or cleared (docs/gs1.md), so caches revalidate every time;
 * the ETag (of the URL) makes that a 304 without rendering.
 */
const QR_CACHE_CONTROL = "public, no-cache";

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
      const { url } = await getPassportLink({ uuid, requestOrigin: new URL(request.url).origin });
      return await cachedResponse(request, {
        etag: etagOf("qr", format, size, url),
        cacheControl: QR_CACHE_CONTROL,
        contentType: format === "svg" ? "image/svg+xml" : "image/png",
        body: async () =>
          format === "svg"
            ? await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 })
            : new Uint8Array(await QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 4, width: size })),
      });
    } catch (error) {
      return publicErrorResponse(request, error);
    }
  };
}

/** The `{uuid}` of a /p route; anything but a UUID names no passport, so it is the same 404 as an unknown one. */
export async function passportUuid(context: { params: Promise<Record<string, string | string[] | undefined>> }): Promise<string> {
  const { uuid } = await context.params;
  if (typeof uuid !== "string" || !isUuid(uuid)) throw new AppError("NOT_FOUND", "Passport not found.");
  return uuid.toLowerCase();
}

/**
 * `/.well-known/gs1resolver`: the resolver description file of the GS1-Conformant Resolver standard, telling a
 * scanner app which keys this host resolves and where its root is.
 */
export const gs1ResolverDescriptionRoute: RouteHandler = () =>
  Promise.resolve(
    Response.json(
      {
        name: "Passport Studio",
        resolverRoot: publicBaseUrl(),
        supportedPrimaryKeys: ["01"],
        supportedLinkType: [{ namespace: "https://gs1.org/voc/", prefix: "gs1:" }],
        linkTypeDefaultCanBeAll: false,
      },
      { headers: { "Cache-Control": "public, max-age=86400" } },
    ),
  );

/** Rendered pages by the passport object they show: readPassport answers one shared object per passport and level. */
const renderedPages = new WeakMap<TPassport, { html: string; etag: string }>();

function renderedPage(passport: TPassport): { html: string; etag: string } {
  let page = renderedPages.get(passport);
  if (!page) {
    const text = renderPassportPage(passport);
    page = { html: text, etag: etagOf("page", text) };
    renderedPages.set(passport, page);
  }
  return page;
}

/**
 * `/p/{uuid}[?grant=]`: the public passport page (docs/gs1.md §The passport page). It never reads the session
 * cookie — everyone, members too, sees the public passport, or a grant's — so a CDN may share the public page.
 * `no-cache` makes every copy revalidate: a write is visible on the next read, and a current copy costs a 304.
 */
export const passportPageRoute: RouteHandler = async (request, context) => {
  try {
    const uuid = await passportUuid(context);
    const query = ZPassportQuery.safeParse(searchParams(request));
    // A malformed grant opens nothing, like an unknown one: the page is then the public passport.
    const passport = await readPassport({ uuid, actor: null, grantToken: query.success ? query.data.grant : undefined });
    const page = renderedPage(passport);
    return await cachedResponse(request, {
      etag: page.etag,
      cacheControl: passport.readerLevel === "public" && !passport.grantRefused ? "public, no-cache" : "private, no-cache",
      contentType: "text/html; charset=utf-8",
      body: () => page.html,
    });
  } catch (error) {
    return publicErrorResponse(request, error);
  }
};
