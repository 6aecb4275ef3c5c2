import { useTranslations } from "next-intl";
import { Skeleton } from "~/components/ui/skeleton";

export default function ApiKeysLoading() {
  const t = useTranslations("loading");
  return (
    <div className="space-y-8" role="status" aria-label={t("apiKeys")}>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-36" />
      <div className="space-y-2">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    </div>
  );
}
