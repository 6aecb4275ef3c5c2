"use client";

import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { DateTimeInput } from "~/components/field-inputs/date-time-input";
import { NumberInput } from "~/components/field-inputs/number-input";
import { Input } from "~/components/ui/input";
import { decodeRange, encodeRange, type RangeSides } from "~/domain/range-value";
import type { TDataField } from "~/domain/template-schema";

export type RangeInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  field: Pick<TDataField, "name" | "type">;
  /** The field's `format` option: a side is a date (the date picker) or a date and time (DateTimeInput). */
  format: "date" | "dateTime" | undefined;
  /** The stored form `{"min":…,"max":…}` (src/domain/range-value.ts), or "" for no value. */
  value: string;
  /** Gets the stored form of both sides, or "" when neither is given. */
  onValueChange?: (value: string) => void;
};

/**
 * A range field's two inputs side by side, each labelled (visibly and for screen readers: "Temperature, minimum"),
 * two columns even at 375 px. A number side is typed in the browser's locale like any number (NumberInput), a date and
 * time side like any date and time (DateTimeInput); a date side uses the date picker. The field's hint and error
 * describe both.
 */
export function RangeInput({ field, format, value, onValueChange, id, ...common }: RangeInputProps) {
  const t = useTranslations("fieldInput");
  const sides: RangeSides = (value === "" ? undefined : decodeRange(value)) ?? { min: null, max: null };
  const change = (side: keyof RangeSides) =>
    onValueChange ? (text: string) => onValueChange(encodeRange({ ...sides, [side]: text === "" ? null : text }) ?? "") : undefined;
  const sideInput = (side: keyof RangeSides) => {
    const props = {
      ...common,
      id: side === "min" ? id : `${id}-max`,
      "aria-label": t(side === "min" ? "rangeMinOf" : "rangeMaxOf", { field: field.name }),
      autoComplete: "off",
      readOnly: common.readOnly,
      className: "min-w-0 w-full",
    };
    const text = sides[side] ?? "";
    const onChange = change(side);
    if (field.type === "NumericField") return <NumberInput {...props} value={text} onValueChange={onChange} />;
    if (format === "dateTime") return <DateTimeInput {...props} value={text} onValueChange={onChange} />;
    return (
      <Input
        {...props}
        type={format === "date" ? "date" : "text"}
        value={text}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      />
    );
  };
  return (
    <div className="grid w-full grid-cols-2 gap-2">
      {(["min", "max"] as const).map((side) => (
        <div key={side} className="min-w-0 space-y-1">
          <span className="block text-xs text-slate-600" aria-hidden="true">
            {t(side === "min" ? "rangeMin" : "rangeMax")}
          </span>
          {sideInput(side)}
        </div>
      ))}
    </div>
  );
}
