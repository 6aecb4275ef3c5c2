import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { LocalTime } from "~/components/ui/local-time";
import type { TModelListEntry } from "~/domain/model-schema";

export type ModelListItemProps = { organizationId: string; model: TModelListEntry; templateName: string | undefined };

/** One model in the list: its name links to the editor; the template, completeness and last change give context. */
export function ModelListItem({ organizationId, model, templateName }: ModelListItemProps) {
  const t = useTranslations("models");
  return (
    <li className="relative flex flex-col gap-1 px-4 py-3 focus-within:bg-slate-50 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <Link
          href={`/orgs/${organizationId}/models/${model.id}`}
          className="block truncate font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
        >
          {model.name}
        </Link>
        {model.description ? <p className="truncate text-sm text-slate-600">{model.description}</p> : null}
      </div>
      <div className="flex min-w-0 flex-wrap gap-x-3 text-sm text-slate-600">
        {templateName ? <span className="truncate">{templateName}</span> : null}
        {model.completeness.required > 0 ? (
          <span data-testid="model-list-completeness">
            {t("completeness", { filled: model.completeness.filled, required: model.completeness.required })}
          </span>
        ) : null}
        <span>{t.rich("updated", { time: () => <LocalTime value={model.updatedAt} /> })}</span>
      </div>
    </li>
  );
}
