import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";

export type SearchFormProps = {
  /** The page the form submits to, and "Clear" returns to. */
  action: string;
  label: string;
  /** The query parameter the search lands in. */
  name: string;
  value: string;
};

/** A GET form: the search lands in the URL, so it can be bookmarked and works before JavaScript loads. */
export function SearchForm({ action, label, name, value }: SearchFormProps) {
  const t = useTranslations("ui");
  return (
    <form role="search" action={action} method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        className="min-w-0 flex-1"
        label={label}
        name={name}
        type="search"
        defaultValue={value}
        maxLength={200}
        autoComplete="off"
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          {t("search")}
        </Button>
        {value ? (
          <Link href={action} className={buttonClasses({ variant: "ghost" })}>
            {t("clear")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
