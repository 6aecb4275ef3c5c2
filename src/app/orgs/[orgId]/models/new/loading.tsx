import { useTranslations } from "next-intl";
import { Skeleton } from "~/components/ui/skeleton";

export default function NewModelLoading() {
  const t = useTranslations("loading");
  return (
    <div className="space-y-8" role="status" aria-label={t("templates")}>
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="space-y-4">
          <Skeleton className="h-10" />
          <Skeleton className="h-20" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
        <Skeleton className="h-80" />
      </div>
    </div>
  );
}
