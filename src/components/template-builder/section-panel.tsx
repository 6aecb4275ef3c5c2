"use client";

import { useTranslations } from "next-intl";
import { formText } from "~/lib/form-text";
import { useState, type SubmitEvent } from "react";
import { GranularitySelect, SectionKindSelect, SectionSelect } from "~/components/template-builder/builder-selects";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { sectionOptionIssues } from "~/domain/section-options";
import { ZGranularityLevel, ZSectionType, type TGranularityLevel, type TSection, type TSectionType } from "~/domain/template-schema";
import { cn } from "~/lib/cn";
import { TranslationsEditor } from "~/components/template-builder/translations-editor";
import type { LanguageSettings } from "~/domain/languages/language";
import type { TTranslations } from "~/domain/languages/template-translations";

export type SectionActions = {
  add: (section: { name: string; type: TSectionType; parentSectionId: string | null; granularityLevel: TGranularityLevel }) => void;
  modify: (
    sectionId: string,
    patch: {
      name?: string;
      type?: TSectionType;
      granularityLevel?: TGranularityLevel;
      options?: Record<string, string>;
      translations?: TTranslations;
    },
  ) => void;
  remove: (sectionId: string) => void;
  moveUp: (sectionId: string) => void;
  moveDown: (sectionId: string) => void;
  moveTo: (sectionId: string, parentSectionId: string | null) => void;
};

export type SectionPanelProps = {
  sections: readonly TSection[];
  selectedId: string | undefined;
  onSelect: (sectionId: string) => void;
  actions: SectionActions;
  isBusy: boolean;
  languages: LanguageSettings;
};

/** The draft's section tree: select a section, add one (at the top or inside the selected one), and edit the selected. */
export function SectionPanel({ sections, selectedId, onSelect, actions, isBusy, languages }: SectionPanelProps) {
  const t = useTranslations("builder");
  const byId = new Map(sections.map((section) => [section.id, section]));
  const roots = sections.filter((section) => section.parentId === null);
  const selected = selectedId ? byId.get(selectedId) : undefined;

  const renderTree = (items: readonly TSection[], depth: number) => (
    <ul className={cn("space-y-1", depth > 0 && "mt-1 ml-4 border-l border-slate-200 pl-2")}>
      {items.map((section) => (
        <li key={section.id}>
          <button
            type="button"
            aria-current={section.id === selectedId ? "true" : undefined}
            onClick={() => onSelect(section.id)}
            className={cn(
              "flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm",
              section.id === selectedId ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800 hover:bg-slate-100",
            )}
          >
            <span className="truncate">{section.name}</span>
            <span className="shrink-0 text-xs font-normal text-slate-600">
              {section.type === "Repeatable" ? t("repeater") : t("group")}
              {section.granularityLevel === "Item" ? t("itemSuffix") : null}
            </span>
          </button>
          {section.subSections.length > 0
            ? renderTree(
                section.subSections.flatMap((id) => byId.get(id) ?? []),
                depth + 1,
              )
            : null}
        </li>
      ))}
    </ul>
  );

  return (
    <div className="space-y-4">
      {roots.length === 0 ? <p className="text-sm text-slate-600">{t("noSections")}</p> : renderTree(roots, 0)}
      <AddSectionForm sections={sections} defaultParentId={selectedId ?? null} onAdd={actions.add} isBusy={isBusy} />
      {selected ? (
        <SectionSettings
          key={`${selected.id}-${selected.name}-${selected.type}-${selected.granularityLevel}-${JSON.stringify(selected.options ?? {})}`}
          section={selected}
          sections={sections}
          actions={actions}
          isBusy={isBusy}
        />
      ) : null}
      {selected ? (
        <TranslationsEditor
          owner={selected}
          languages={languages}
          isPending={isBusy}
          onSave={(translations) => actions.modify(selected.id, { translations })}
        />
      ) : null}
    </div>
  );
}

function AddSectionForm({
  sections,
  defaultParentId,
  onAdd,
  isBusy,
}: {
  sections: readonly TSection[];
  defaultParentId: string | null;
  onAdd: SectionActions["add"];
  isBusy: boolean;
}) {
  const t = useTranslations("builder");
  const [error, setError] = useState<string | undefined>();
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = formText(data, "name");
    if (name === "") return setError(t("nameSection"));
    setError(undefined);
    const parent = formText(data, "parent");
    onAdd({
      name,
      type: ZSectionType.parse(data.get("type")),
      parentSectionId: parent === "" ? null : parent,
      granularityLevel: ZGranularityLevel.parse(data.get("granularityLevel")),
    });
    form.reset();
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t("addSection")}
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <h3 className="text-sm font-semibold">{t("addSection")}</h3>
      <TextField label={t("sectionName")} name="name" maxLength={200} error={error} autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("kind")}>{(control) => <SectionKindSelect {...control} name="type" />}</Field>
        <Field label={t("level")}>{(control) => <GranularitySelect {...control} name="granularityLevel" />}</Field>
      </div>
      <Field label={t("inside")}>
        {(control) => (
          <SectionSelect
            {...control}
            key={defaultParentId ?? "top"}
            name="parent"
            defaultValue={defaultParentId ?? ""}
            sections={sections}
            emptyLabel={t("topLevel")}
          />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={isBusy}>
        {t("addSection")}
      </Button>
    </form>
  );
}

function SectionSettings({
  section,
  sections,
  actions,
  isBusy,
}: {
  section: TSection;
  sections: readonly TSection[];
  actions: SectionActions;
  isBusy: boolean;
}) {
  const t = useTranslations("builder");
  const [isDeleting, setIsDeleting] = useState(false);
  const [type, setType] = useState(section.type);
  const [rowErrors, setRowErrors] = useState<{ minRows?: string; maxRows?: string }>({});
  const byId = new Map(sections.map((s) => [s.id, s]));
  const isInside = (id: string | null): boolean => id !== null && (id === section.id || isInside(byId.get(id)?.parentId ?? null));
  const parents = sections.filter((candidate) => !isInside(candidate.id));

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = formText(data, "name");
    const nextType = ZSectionType.parse(data.get("type"));
    const options = rowLimitOptions(section.options ?? {}, nextType, formText(data, "minRows"), formText(data, "maxRows"));
    // Checked here with the server's own rule, so the problem shows on its input instead of in the page's error.
    const issues = sectionOptionIssues({ type: nextType, options }, "$");
    setRowErrors(Object.fromEntries(issues.map((issue) => [issue.path.slice(2), inputError(issue.message, t("rowLimitBelowMin"))])));
    if (issues.length > 0) return;
    actions.modify(section.id, {
      ...(name !== "" && name !== section.name && { name }),
      type: nextType,
      granularityLevel: ZGranularityLevel.parse(data.get("granularityLevel")),
      options,
    });
    const parent = formText(data, "parent");
    if ((parent === "" ? null : parent) !== section.parentId) actions.moveTo(section.id, parent === "" ? null : parent);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t("sectionForm", { name: section.name })}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <h3 className="text-sm font-semibold">{t("selectedSection")}</h3>
      <TextField label={t("name")} name="name" defaultValue={section.name} maxLength={200} autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("kind")}>
          {(control) => (
            <SectionKindSelect
              {...control}
              name="type"
              value={type}
              onChange={(event) => setType(ZSectionType.parse(event.currentTarget.value))}
            />
          )}
        </Field>
        <Field label={t("level")}>
          {(control) => <GranularitySelect {...control} name="granularityLevel" defaultValue={section.granularityLevel} />}
        </Field>
      </div>
      {type === "Repeatable" ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t("minRows")}
            hint={t("minRowsHint")}
            name="minRows"
            inputMode="numeric"
            defaultValue={section.options?.minRows ?? ""}
            error={rowErrors.minRows}
            autoComplete="off"
          />
          <TextField
            label={t("maxRows")}
            hint={t("maxRowsHint")}
            name="maxRows"
            inputMode="numeric"
            defaultValue={section.options?.maxRows ?? ""}
            error={rowErrors.maxRows}
            autoComplete="off"
          />
        </div>
      ) : null}
      <Field label={t("parent")}>
        {(control) => (
          <SectionSelect
            {...control}
            name="parent"
            defaultValue={section.parentId ?? ""}
            sections={parents}
            emptyLabel={t("topLevel")}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isBusy}>
          {t("saveSection")}
        </Button>
        <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => actions.moveUp(section.id)}>
          {t("moveUp")}
        </Button>
        <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => actions.moveDown(section.id)}>
          {t("moveDown")}
        </Button>
        <Button variant="danger" size="sm" disabled={isBusy} onClick={() => setIsDeleting(true)}>
          {t("deleteSection")}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isDeleting}
        title={t("deleteNamed", { name: section.name })}
        confirmLabel={t("deleteSection")}
        onConfirm={() => {
          setIsDeleting(false);
          actions.remove(section.id);
        }}
        onCancel={() => setIsDeleting(false)}
      >
        {t("deleteSectionText")}
      </ConfirmDialog>
    </form>
  );
}

/**
 * The section's options with the row limits as typed (an empty input: no limit). A Group has no rows, so switching
 * a repeater to a Group drops its limits rather than leaving ones the server would refuse.
 */
function rowLimitOptions(
  current: Record<string, string>,
  type: TSectionType,
  minRows: string,
  maxRows: string,
): Record<string, string> {
  const { minRows: _min, maxRows: _max, ...others } = current;
  if (type !== "Repeatable") return others;
  return { ...others, ...(minRows !== "" && { minRows }), ...(maxRows !== "" && { maxRows }) };
}

/**
 * The rule's message in the words of the form's inputs ("Must be a whole number …"); the rule (shared with the API)
 * speaks English, the one message of the form's own is `belowMinimum` in the member's language.
 */
function inputError(message: string, belowMinimum: string): string {
  const problem = message.replace(/^Option "\w+" /, "");
  return problem.startsWith("must ") ? `M${problem.slice(1)}` : belowMinimum;
}
