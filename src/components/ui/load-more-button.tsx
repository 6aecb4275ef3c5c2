import { useTranslations } from "next-intl";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

export type LoadMoreButtonProps = { hasMore: boolean; isLoading: boolean; error: string | null; onLoadMore: () => void };

/** The end of a list paged with useLoadMore: its error, and "Load more" while another page exists. */
export function LoadMoreButton({ hasMore, isLoading, error, onLoadMore }: LoadMoreButtonProps) {
  const t = useTranslations("ui");
  return (
    <>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onLoadMore} disabled={isLoading}>
            {isLoading ? t("loading") : t("loadMore")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
