import Link from "next/link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export type ModelSearchFormProps = { action: string; search: string };

/** A GET form: the search lands in the URL (`?q=`), so it can be bookmarked and works before JavaScript loads. */
export function ModelSearchForm({ action, search }: ModelSearchFormProps) {
  return (
    <form role="search" action={action} method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor="model-search" className="block text-sm font-medium text-slate-800">
          Search models by name
        </label>
        <Input id="model-search" name="q" type="search" defaultValue={search} maxLength={200} autoComplete="off" />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {search ? (
          <Link href={action} className={buttonClasses({ variant: "ghost" })}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
