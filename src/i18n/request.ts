import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getSession } from "~/server/auth/request-session";
import { pickAppLocale, type TAppLocale } from "~/domain/languages/app-locale";
import { TIME_ZONE_COOKIE, timeZoneFromCookie } from "~/domain/instant-format";
import { loadMessages } from "~/i18n/messages";

/**
 * next-intl's per-request configuration (wired in next.config.mjs). URLs carry no locale: the language is the
 * signed-in member's profile setting, else the browser's Accept-Language among en/de/fr, else English
 * (docs/app-text.md). A session that cannot be read (database away) falls back to the browser's language, so the
 * error pages still speak it.
 */
export async function resolveRequestLocale(): Promise<TAppLocale> {
  const requestHeaders = await headers();
  const profileLocale = await getSession().then(
    (session) => session?.user.locale ?? null,
    () => null,
  );
  return pickAppLocale(profileLocale, requestHeaders.get("accept-language"));
}

/**
 * The reader's time zone, as their browser told it in the `tz` cookie (`TimeZoneCookie`), else UTC: server pages and
 * client components format times with it alike (docs/editor.md, Times).
 */
async function resolveRequestTimeZone(): Promise<string> {
  return timeZoneFromCookie((await cookies()).get(TIME_ZONE_COOKIE)?.value);
}

export default getRequestConfig(async () => {
  const [locale, timeZone] = await Promise.all([resolveRequestLocale(), resolveRequestTimeZone()]);
  return { locale, messages: await loadMessages(locale), timeZone };
});
