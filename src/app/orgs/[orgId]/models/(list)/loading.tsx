import { useTranslations } from "next-intl";
import { Skeleton } from "~/components/ui/skeleton";

export default function ModelsLoading() {
  const t = useTranslations("loading");
  return (
    <div className="space-y-6" role="status" aria-label={t("models")}>
      <div className="space-y-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-40" />
      </div>
      <Skeleton className="h-10" />
      <div className="space-y-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    </div>
  );
}
