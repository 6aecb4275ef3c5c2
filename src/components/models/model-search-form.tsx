import Link from "next/link";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";

export type ModelSearchFormProps = { action: string; search: string };

/** A GET form: the search lands in the URL (`?q=`), so it can be bookmarked and works before JavaScript loads. */
export function ModelSearchForm({ action, search }: ModelSearchFormProps) {
  return (
    <form role="search" action={action} method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        className="min-w-0 flex-1"
        label="Search models by name"
        name="q"
        type="search"
        defaultValue={search}
        maxLength={200}
        autoComplete="off"
      />
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
