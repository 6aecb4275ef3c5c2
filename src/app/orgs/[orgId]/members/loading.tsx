import { useTranslations } from "next-intl";
import { Skeleton } from "~/components/ui/skeleton";

export default function MembersLoading() {
  const t = useTranslations("loading");
  return (
    <div className="space-y-8" role="status" aria-label={t("members")}>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-36" />
      <div className="space-y-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    </div>
  );
}
