import { DetailsField } from "~/components/model-editor/details-field";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY } from "~/components/model-editor/draft-keys";

/** The model's own name, description and GTIN, above its sections. */
export function DetailsCard() {
  return (
    <section
      aria-labelledby="model-details-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="model-details-heading" className="text-lg font-semibold text-slate-900">
        Details
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailsField draftKey={NAME_KEY} label="Name" isRequired />
        <DetailsField draftKey={DESCRIPTION_KEY} label="Description" isMultiline />
        <DetailsField
          draftKey={GTIN_KEY}
          label="Model GTIN"
          hint="The product's GTIN: its digits, (01)… or a Digital Link. Its QR code and /01/{GTIN} then lead to this passport."
        />
      </div>
    </section>
  );
}
