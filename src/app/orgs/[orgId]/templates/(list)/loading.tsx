import { useTranslations } from "next-intl";
import { Skeleton } from "~/components/ui/skeleton";

export default function TemplatesLoading() {
  const t = useTranslations("loading");
  return (
    <div className="space-y-6" role="status" aria-label={t("templates")}>
      <Skeleton className="h-8 w-56 max-w-full" />
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}
