import { useTranslations } from "next-intl";
import { DetailsField } from "~/components/model-editor/details-field";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY } from "~/components/model-editor/draft-keys";

/** The model's own name, description and GTIN, above its sections. */
export function DetailsCard() {
  const t = useTranslations("editor");
  return (
    <section
      aria-labelledby="model-details-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="model-details-heading" className="text-lg font-semibold text-slate-900">
        {t("details")}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailsField draftKey={NAME_KEY} label={t("name")} isRequired />
        <DetailsField draftKey={DESCRIPTION_KEY} label={t("description")} isMultiline />
        <DetailsField draftKey={GTIN_KEY} label={t("gtin")} hint={t("gtinHint")} />
      </div>
    </section>
  );
}
