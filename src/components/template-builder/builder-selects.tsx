import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { Select } from "~/components/ui/select";
import { ZDataFieldType } from "~/domain/template-schema";

/** The builder's recurring choices, each offered the same way wherever a form asks for it. */

type SelectProps = Omit<ComponentProps<"select">, "children">;

/** Group or Repeatable: the kind of a section. */
export function SectionKindSelect(props: SelectProps) {
  const t = useTranslations("builder.sectionKind");
  return (
    <Select {...props}>
      <option value="Group">{t("Group")}</option>
      <option value="Repeatable">{t("Repeatable")}</option>
    </Select>
  );
}

/** Model or Item: the level a section's or a field's values are recorded at. */
export function GranularitySelect(props: SelectProps) {
  const t = useTranslations("builder.granularityLevel");
  return (
    <Select {...props}>
      <option value="Model">{t("Model")}</option>
      <option value="Item">{t("Item")}</option>
    </Select>
  );
}

/** A data field's type. */
export function DataFieldTypeSelect(props: SelectProps) {
  return (
    <Select {...props}>
      {ZDataFieldType.options.map((type) => (
        <option key={type}>{type}</option>
      ))}
    </Select>
  );
}

/** One of the draft's sections by name; with `emptyLabel`, also none of them (the value ""), offered first. */
export function SectionSelect({
  sections,
  emptyLabel,
  ...props
}: SelectProps & { sections: readonly { id: string; name: string }[]; emptyLabel?: string }) {
  return (
    <Select {...props}>
      {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {sections.map((section) => (
        <option key={section.id} value={section.id}>
          {section.name}
        </option>
      ))}
    </Select>
  );
}
