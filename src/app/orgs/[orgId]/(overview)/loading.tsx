import { useTranslations } from "next-intl";
import { Skeleton } from "~/components/ui/skeleton";

export default function OrganizationLoading() {
  const t = useTranslations("ui");
  return (
    <div className="space-y-8" role="status" aria-label={t("loadingLabel")}>
      <div className="space-y-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-64 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    </div>
  );
}
