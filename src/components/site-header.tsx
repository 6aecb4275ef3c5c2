import { Link } from "~/components/ui/link";
import { useTranslations } from "next-intl";
import { SessionAwareHeader } from "~/components/auth/session-ended-dialog";
import { OrgSwitcher, type OrgSwitcherProps } from "~/components/org-switcher";
import { SignOutButton } from "~/components/sign-out-button";
import { buttonClasses } from "~/components/ui/button";

/** The signed-in user as the header shows them; null when nobody is signed in. */
export type SiteHeaderProps = { viewer: { email: string; organizations: OrgSwitcherProps["organizations"] } | null };

/**
 * The top bar. Signed in: the organization switcher, the API keys page and sign-out; signed out: the ways in.
 * On phones it wraps into rows (brand and sign-out first, navigation below, its links wrapping after the organization
 * switcher) instead of scrolling sideways or squeezing the switcher.
 */
export function SiteHeader({ viewer }: SiteHeaderProps) {
  const t = useTranslations("header");
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link href="/" className="rounded-sm text-base font-semibold tracking-tight text-slate-900">
          {t("brand")}
        </Link>
        {viewer ? (
          <SessionAwareHeader
            signedIn={
              <>
                <nav
                  aria-label={t("mainNavigation")}
                  className="order-last flex w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1 sm:order-none sm:w-auto"
                >
                  <OrgSwitcher organizations={viewer.organizations} />
                  <Link href="/settings/api-keys" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                    {t("apiKeys")}
                  </Link>
                  <Link href="/settings/language" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                    {t("language")}
                  </Link>
                  <Link href="/settings/two-factor" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                    {t("twoFactor")}
                  </Link>
                </nav>
                <div className="ml-auto flex min-w-0 items-center gap-3">
                  <span className="hidden max-w-56 truncate text-sm text-slate-600 md:inline" title={viewer.email}>
                    {viewer.email}
                  </span>
                  <SignOutButton />
                </div>
              </>
            }
          />
        ) : (
          <div className="ml-auto flex items-center gap-2">
            <Link href="/sign-in" className={buttonClasses({ variant: "ghost", size: "sm" })}>
              {t("signIn")}
            </Link>
            <Link href="/sign-up" className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {t("signUp")}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
