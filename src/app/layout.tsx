import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { getCurrentActor } from "~/app/_lib/current-actor";
import { getSession } from "~/server/auth/request-session";
import { SessionEndedDialog } from "~/components/auth/session-ended-dialog";
import { SiteHeader, type SiteHeaderProps } from "~/components/site-header";
import { TimeZoneCookie } from "~/components/time-zone-cookie";
import { TrpcProvider } from "~/lib/trpc/react";
import { listOrganizations } from "~/server/services/identity/list-organizations";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: { default: t("title"), template: t("titleTemplate") }, description: t("description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#ffffff" };

/** Who the header names, with the organizations of their switcher. */
async function loadViewer(): Promise<SiteHeaderProps["viewer"]> {
  const [session, actor] = await Promise.all([getSession(), getCurrentActor()]);
  if (!session) return null;
  return { email: session.user.email, organizations: actor ? await listOrganizations({ actor }) : [] };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [viewer, locale, t] = await Promise.all([loadViewer(), getLocale(), getTranslations("layout")]);
  return (
    // The language of the member's text (src/i18n/request.ts), so screen readers and hyphenation follow it.
    <html lang={locale}>
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          {t("skipToContent")}
        </a>
        <NextIntlClientProvider>
          <TrpcProvider>
            <TimeZoneCookie />
            <SiteHeader viewer={viewer} />
            <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-10 lg:px-8">
              {children}
            </main>
            <SessionEndedDialog isSignedIn={viewer !== null} />
          </TrpcProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
