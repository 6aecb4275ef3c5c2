import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";

/** The way back to the page above this one, above a page's header ("← All models"). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useTranslations("ui");
  return (
    <nav aria-label={t("breadcrumb")} className="text-sm">
      <Link href={href} className="font-medium text-brand-700 hover:underline">
        ← {children}
      </Link>
    </nav>
  );
}
