import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { FieldControlProps } from "~/components/ui/field";
import { encodeListValue, listEntries } from "~/domain/list-value";
import type { TDataField } from "~/domain/template-schema";

export type ListEntryProps = {
  control: FieldControlProps & { "aria-label": string };
  field: TDataField;
  value: string;
  onValueChange?: (value: string) => void;
};

export type ListInputProps = {
  control: FieldControlProps;
  field: TDataField;
  /** The list's draft value: its stored text (canonical JSON), "" for no entry. */
  value: string;
  onValueChange?: (value: string) => void;
  /** One entry's input: the control a single value of the field would get. */
  renderEntry: (entry: ListEntryProps) => ReactNode;
};

/**
 * A list field's input (docs/field-options.md §Lists): one input per entry, in order, each the control a single
 * value of the field gets, with buttons to move it up or down and to remove it, and Add entry below. The entries are
 * kept as the list's stored text, so the draft, undo and conflicts treat a list as one value. An added entry starts
 * empty, takes the focus, and shows the field's "entry is empty" problem until it is filled or removed.
 */
export function ListInput({ control, field, value, onValueChange, renderEntry }: ListInputProps) {
  const t = useTranslations("fieldInput");
  const entries = value === "" ? [] : listEntries(value);
  const entryField = { ...field, options: { ...field.options, list: "false" } };
  const set = (next: string[]) => onValueChange?.(encodeListValue(next) ?? "");
  const entryId = (i: number) => (i === 0 ? control.id : `${control.id}-entry-${i}`);
  // An added entry takes the focus once rendered, so the keyboard goes on typing into it. No hook: a template's
  // preview renders this input on the server (read-only, without the button).
  const add = () => {
    const added = entryId(entries.length);
    set([...entries, ""]);
    requestAnimationFrame(() => document.getElementById(added)?.focus());
  };
  const move = (from: number, to: number) => {
    const next = [...entries];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    set(next);
  };
  return (
    <div className="w-full min-w-0 space-y-2" role="group" aria-label={t("listEntries", { field: field.name })}>
      {entries.length === 0 ? <p className="text-sm text-slate-600">{t("listEmpty")}</p> : null}
      <ol className="space-y-2">
        {entries.map((entry, i) => (
          // Entries have no identity of their own but their place; the list is short and re-rendered whole.
          <li key={i} className="flex flex-wrap items-center gap-2">
            <div className="min-w-0 flex-1 basis-48">
              {renderEntry({
                control: {
                  ...control,
                  id: entryId(i),
                  "aria-label": t("listEntry", { field: field.name, n: i + 1 }),
                },
                field: entryField,
                value: entry,
                ...(onValueChange && { onValueChange: (text: string) => set(entries.map((e, k) => (k === i ? text : e))) }),
              })}
            </div>
            {onValueChange ? (
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t("listMoveUp", { n: i + 1 })}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={i === entries.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t("listMoveDown", { n: i + 1 })}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => set(entries.filter((_, k) => k !== i))}
                  aria-label={t("listRemove", { n: i + 1 })}
                >
                  ✕
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {onValueChange ? (
        <Button variant="secondary" size="sm" onClick={add}>
          {t("listAdd")}
        </Button>
      ) : null}
    </div>
  );
}
