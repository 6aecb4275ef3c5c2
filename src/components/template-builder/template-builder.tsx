"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { AasImportPanel, type AasUploadInput } from "~/components/template-builder/aas-import-panel";
import { ProfilePanel } from "~/components/template-builder/profile-panel";
import { FieldPanel, type FieldActions } from "~/components/template-builder/field-panel";
import { LayoutPanel, type LayoutScope } from "~/components/template-builder/layout-panel";
import { LivePreview } from "~/components/template-builder/live-preview";
import { describeIssue, PublishDialog, type PublishResult } from "~/components/template-builder/publish-dialog";
import { SectionPanel, type SectionActions } from "~/components/template-builder/section-panel";
import { TranslationsEditor } from "~/components/template-builder/translations-editor";
import {
  useDraftWrites,
  type DraftConflict,
  type DraftTarget,
  type DraftWriteError,
} from "~/components/template-builder/use-draft-writes";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import type { AasImportProblem } from "~/domain/aas/aas-import-problems";
import type { LanguageSettings } from "~/domain/languages/language";
import type { Breakpoint, Layout } from "~/domain/layout";
import type { TDataFieldMoveRequest, TSectionMoveRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { layoutBelow } from "~/domain/template-draft-edits";
import { nextFreeVersionLabel } from "~/domain/version-label";
import type { TSection, TVisibility } from "~/domain/template-schema";

/** `languages`: the organization's, for translating names (docs/languages.md §Template translations). */
export type TemplateBuilderProps = { organizationId: string; draft: TTemplateDraft; languages: LanguageSettings };

/**
 * The template builder: section tree, the selected section's fields and the field editor, the layout editor and a
 * live preview at the chosen breakpoint, and publishing. Every edit is one tRPC call answered with the whole draft.
 */
export function TemplateBuilder({ organizationId, draft: initial, languages }: TemplateBuilderProps) {
  const t = useTranslations("builder");
  const { draft, error, conflict, isBusy, run, client, dismissError } = useDraftWrites(initial, organizationId);
  const [sectionId, setSectionId] = useState<string | undefined>(initial.sections[0]?.id);
  const [fieldId, setFieldId] = useState<string | undefined>();
  const [scope, setScope] = useState<LayoutScope>(sectionId ? { kind: "section", sectionId } : { kind: "root" });
  const [breakpoint, setBreakpoint] = useState<Breakpoint>("md");
  const [isPublishing, setIsPublishing] = useState(false);
  const section = draft.sections.find((candidate) => candidate.id === sectionId);
  // A new field or nested section goes below everything on its parent's grid (its fields and nested sections), so
  // the layout editor's literal placement is the one the model editor renders.
  const cellLayouts = (parent: TSection) => [
    ...parent.dataFields.map((f) => f.layout),
    ...draft.sections.filter((s) => s.parentId === parent.id).map((s) => s.layout),
  ];

  const selectSection = (id: string) => {
    setSectionId(id);
    setFieldId(undefined);
    setScope({ kind: "section", sectionId: id });
  };

  /** Runs an add and answers the id it created: the one the saved draft has that the current draft lacks. */
  const runAdd = async (idsOf: (d: TTemplateDraft) => string[], write: (target: DraftTarget) => Promise<TTemplateDraft>) => {
    const before = new Set(idsOf(draft));
    const saved = await run(write);
    return saved ? idsOf(saved).find((id) => !before.has(id)) : undefined;
  };
  const moveSection = (id: string, move: TSectionMoveRequest) =>
    void run((t) => client.moveSection.mutate({ ...t, sectionId: id, move }));
  const moveField = (inSection: string, id: string, move: TDataFieldMoveRequest) =>
    run((t) => client.moveDataField.mutate({ ...t, sectionId: inSection, fieldId: id, move }));

  const sectionActions: SectionActions = {
    add: (input) => {
      const parent = draft.sections.find((s) => s.id === input.parentSectionId);
      const siblings = parent ? cellLayouts(parent) : draft.sections.filter((s) => s.parentId === null).map((s) => s.layout);
      const placed = { ...input, layout: layoutBelow(siblings) };
      void runAdd(sectionIds, (t) => client.addSection.mutate({ ...t, section: placed })).then((id) => {
        if (id) selectSection(id);
      });
    },
    modify: (id, patch) =>
      void run((t) => client.modifySection.mutate({ ...t, sectionId: id, patch }), undefined, {
        label: t("conflictSection", { name: draft.sections.find((s) => s.id === id)?.name ?? "" }),
        read: (d) =>
          pickKeys(
            d.sections.find((s) => s.id === id),
            patch,
          ),
        mine: patch,
      }),
    remove: (id) => {
      if (id === sectionId) setSectionId(undefined);
      setScope({ kind: "root" });
      void run((t) => client.deleteSection.mutate({ ...t, sectionId: id }));
    },
    moveUp: (id) => moveSection(id, { type: "Position", direction: "up" }),
    moveDown: (id) => moveSection(id, { type: "Position", direction: "down" }),
    moveTo: (id, parentSectionId) => moveSection(id, { type: "Parent", parentSectionId }),
  };

  const fieldActions: FieldActions = {
    add: (inSection, field) => {
      const parent = draft.sections.find((s) => s.id === inSection);
      const placed = { ...field, layout: layoutBelow(parent ? cellLayouts(parent) : []) };
      void runAdd(fieldIds, (t) => client.addDataField.mutate({ ...t, sectionId: inSection, field: placed })).then((id) => {
        if (id) setFieldId(id);
      });
    },
    modify: (inSection, id, patch) =>
      void run((t) => client.modifyDataField.mutate({ ...t, sectionId: inSection, fieldId: id, patch }), undefined, {
        label: t("conflictField", { name: fieldById(draft, id)?.name ?? "" }),
        read: (d) => pickKeys(fieldById(d, id), patch),
        mine: patch,
      }),
    remove: (inSection, id) => {
      setFieldId(undefined);
      void run((t) => client.deleteDataField.mutate({ ...t, sectionId: inSection, fieldId: id }));
    },
    move: (inSection, id, direction) => void moveField(inSection, id, { type: "Position", direction }),
    // The selection follows the field only once it has moved: a refused move leaves the user where the field still is.
    moveToSection: (inSection, id, target) =>
      void moveField(inSection, id, { type: "Section", sectionId: target }).then((saved) => {
        if (!saved) return;
        selectSection(target);
        setFieldId(id);
      }),
  };
  const { onFieldLayout, onSectionLayout } = useLayoutWrites(run, client);
  const { published, publish } = usePublish(draft, run, client);

  return (
    <div className="space-y-6">
      <DraftHeader draft={draft} isBusy={isBusy} onPublish={() => setIsPublishing(true)} />
      {conflict ? <ConflictAlert conflict={conflict} /> : null}
      <DraftErrorAlert error={error} draft={draft} onDismiss={dismissError} />
      <TemplateWords draft={draft} languages={languages} isBusy={isBusy} run={run} client={client} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Panel id="sections-heading" title={t("sections")}>
          <SectionPanel
            sections={draft.sections}
            selectedId={sectionId}
            onSelect={selectSection}
            actions={sectionActions}
            isBusy={isBusy}
            languages={languages}
          />
          <DraftImports draft={draft} run={run} client={client} selectSection={selectSection} isBusy={isBusy} />
        </Panel>
        <div className="min-w-0 space-y-6">
          <Panel id="fields-heading" title={section ? t("fieldsOf", { name: section.name }) : t("fields")}>
            {section ? (
              <FieldPanel
                section={section}
                sections={draft.sections}
                selectedFieldId={fieldId}
                onSelectField={setFieldId}
                actions={fieldActions}
                isBusy={isBusy}
                languages={languages}
              />
            ) : (
              <p className="text-sm text-slate-600">{t("selectSection")}</p>
            )}
          </Panel>
        </div>
      </div>
      {/* Full width: the canvases are as wide as their breakpoint (768 px at md), wider than the column beside the tree. */}
      <div className="space-y-6">
        <Panel id="layout-heading" title={t("layout")}>
          <LayoutPanel
            sections={draft.sections}
            scope={scope}
            onScopeChange={setScope}
            breakpoint={breakpoint}
            onBreakpointChange={setBreakpoint}
            onFieldLayout={onFieldLayout}
            onSectionLayout={onSectionLayout}
          />
        </Panel>
        <Panel id="preview-heading" title={t("previewAt", { breakpoint })}>
          <LivePreview organizationId={organizationId} sections={draft.sections} breakpoint={breakpoint} />
        </Panel>
      </div>
      <PublishDialog
        isOpen={isPublishing}
        organizationId={organizationId}
        draft={draft}
        serverIssues={error?.issues ?? []}
        result={published}
        isPending={isBusy}
        onPublish={(input) => void publish(input)}
        onClose={() => setIsPublishing(false)}
      />
    </div>
  );
}

const fieldById = (draft: TTemplateDraft, id: string) => draft.sections.flatMap((s) => s.dataFields).find((f) => f.id === id);

/** The properties of `of` that an edit sets: the part of the draft the edit is about (null when `of` is gone). */
function pickKeys(of: object | undefined, patch: object): unknown {
  if (!of) return null;
  return Object.fromEntries(Object.keys(patch).map((key) => [key, (of as Record<string, unknown>)[key] ?? null]));
}

type DraftWrites = ReturnType<typeof useDraftWrites>;

type TemplateWordsProps = { draft: TTemplateDraft; languages: LanguageSettings; isBusy: boolean } & Pick<
  DraftWrites,
  "run" | "client"
>;

/** The template's own name and description per published language (docs/languages.md §Template translations). */
function TemplateWords({ draft, languages, isBusy, run, client }: TemplateWordsProps) {
  const t = useTranslations("builder");
  return (
    <Panel id="template-heading" title={t("templateWords")}>
      <TranslationsEditor
        owner={draft}
        languages={languages}
        isPending={isBusy}
        onSave={(translations) => void run((target) => client.update.mutate({ ...target, patch: { translations } }))}
      />
    </Panel>
  );
}

/** Publishing: the version label first when it was changed, then the publication; its result until the next try. */
function usePublish(draft: TTemplateDraft, run: DraftWrites["run"], client: DraftWrites["client"]) {
  const [published, setPublished] = useState<PublishResult | undefined>();
  const publish = async ({ version, visibility }: { version: string; visibility: TVisibility | undefined }) => {
    setPublished(undefined);
    if (version !== draft.version && !(await run((t) => client.update.mutate({ ...t, patch: { version } })))) return;
    const saved = await run((t) => client.publish.mutate({ ...t, publication: visibility ? { visibility } : {} }));
    if (saved) setPublished(saved.published);
  };
  return { published, publish };
}

/** Layout steps show at once (several arrow presses queue); the server's draft replaces them when the queue drains. */
function useLayoutWrites(run: DraftWrites["run"], client: DraftWrites["client"]) {
  const onFieldLayout = (inSection: string, id: string, layout: Layout) =>
    void run(
      (t) => client.modifyDataField.mutate({ ...t, sectionId: inSection, fieldId: id, patch: { layout } }),
      (current) =>
        withSection(current, inSection, (s) => ({ ...s, dataFields: s.dataFields.map((f) => (f.id === id ? { ...f, layout } : f)) })),
    );
  const onSectionLayout = (id: string, layout: Layout) =>
    void run(
      (t) => client.modifySection.mutate({ ...t, sectionId: id, patch: { layout } }),
      (current) => withSection(current, id, (s) => ({ ...s, layout })),
    );
  return { onFieldLayout, onSectionLayout };
}

/** What a draft takes from outside: AAS submodel templates, and the profiles over them. */
function DraftImports({
  draft,
  run,
  client,
  selectSection,
  isBusy,
}: Pick<DraftWrites, "run" | "client"> & { draft: TTemplateDraft; selectSection: (id: string) => void; isBusy: boolean }) {
  const importAas = useAasImport(draft, run, client, selectSection);
  return (
    <>
      <AasImportPanel onImport={importAas} isBusy={isBusy} />
      <ProfilePanel run={run} client={client} isBusy={isBusy} />
    </>
  );
}

/** Each submodel of an AAS upload becomes a top-level section; the first one added is selected. */
function useAasImport(
  draft: TTemplateDraft,
  run: DraftWrites["run"],
  client: DraftWrites["client"],
  selectSection: (id: string) => void,
) {
  return async (upload: AasUploadInput) => {
    let outcome: { problems: AasImportProblem[]; moreProblems: number } | undefined;
    const before = new Set(sectionIds(draft));
    const saved = await run(async (t) => {
      const imported = await client.importAas.mutate({ ...t, upload });
      outcome = imported;
      return imported.templateDraft;
    });
    if (!saved || !outcome) return undefined;
    const added = saved.sections.filter((s) => s.parentId === null && !before.has(s.id));
    if (added[0]) selectSection(added[0].id);
    return { submodels: added.length, problems: outcome.problems, moreProblems: outcome.moreProblems };
  };
}

/**
 * Another tab changed what this edit changes: both versions side by side, and the user's choice. The edit is kept
 * until then, so nothing typed is lost.
 */
function ConflictAlert({ conflict }: { conflict: DraftConflict }) {
  const t = useTranslations("builder");
  return (
    <Alert tone="error">
      <div className="space-y-3">
        <p>{t("conflict", { label: conflict.label })}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <ConflictSide title={t("yourChange")} value={conflict.mine} />
          <ConflictSide title={t("savedElsewhere")} value={conflict.theirs} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={conflict.applyMine}>
            {t("applyMine")}
          </Button>
          <Button variant="secondary" size="sm" onClick={conflict.keepTheirs}>
            {t("keepTheirs")}
          </Button>
        </div>
      </div>
    </Alert>
  );
}

function ConflictSide({ title, value }: { title: string; value: unknown }) {
  const t = useTranslations("builder");
  return (
    <div className="min-w-0 rounded-md border border-red-200 bg-white p-2 text-slate-900">
      <p className="text-sm font-semibold">{title}</p>
      {value === null ? (
        <p className="text-sm">{t("deleted")}</p>
      ) : (
        <dl className="text-sm">
          {Object.entries(value as Record<string, unknown>).map(([key, part]) => (
            <div key={key} className="flex flex-wrap gap-x-2">
              <dt className="font-medium">{key}:</dt>
              <dd className="min-w-0 break-words">{describePart(part) ?? t("none")}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** A value of the conflicting edit as text; undefined for an empty object, which the caller words. */
function describePart(part: unknown): string | undefined {
  if (part === null || part === undefined) return "—";
  if (typeof part !== "object") return JSON.stringify(part);
  const entries = Object.entries(part as Record<string, unknown>);
  return entries.length === 0
    ? undefined
    : entries.map(([key, value]) => `${key} = ${typeof value === "string" ? value : JSON.stringify(value)}`).join("; ");
}

const sectionIds = (draft: TTemplateDraft) => draft.sections.map((s) => s.id);
const fieldIds = (draft: TTemplateDraft) => draft.sections.flatMap((s) => s.dataFields.map((f) => f.id));

/** The draft with one section changed (an optimistic edit, shown before the server answers). */
function withSection(draft: TTemplateDraft, id: string, change: (section: TSection) => TSection): TTemplateDraft {
  return { ...draft, sections: draft.sections.map((s) => (s.id === id ? change(s) : s)) };
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardBody className="space-y-4">
        <section aria-labelledby={id} className="space-y-4">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
        </section>
      </CardBody>
    </Card>
  );
}

/**
 * The next version's label, the versions published so far, and the button that opens publishing. The next version
 * is the one the publish dialog proposes (`nextFreeVersionLabel`): the draft's own label stays as it was after a
 * publication, so shown as is it named a version already published.
 */
function DraftHeader({ draft, isBusy, onPublish }: { draft: TTemplateDraft; isBusy: boolean; onPublish: () => void }) {
  const t = useTranslations("builder");
  const published = draft.publications.map((p) => p.version);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {t.rich("nextVersion", {
          version: nextFreeVersionLabel(draft.version, published),
          strong: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
        })}
        {draft.publications.length > 0 ? t("publishedList", { versions: published.join(", ") }) : t("notPublished")}
        {isBusy ? t("savingSuffix") : null}
      </p>
      <Button onClick={onPublish}>{t("publishOpen")}</Button>
    </div>
  );
}

type DraftErrorAlertProps = { error: DraftWriteError | undefined; draft: TTemplateDraft; onDismiss: () => void };

/** A refused edit lists its issues until dismissed (a change made elsewhere meanwhile is a conflict, shown apart). */
function DraftErrorAlert({ error, draft, onDismiss }: DraftErrorAlertProps) {
  const t = useTranslations("builder");
  if (!error) return null;
  return (
    <Alert tone="error">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p>{error.message}</p>
          {error.issues.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {error.issues.map((issue, i) => (
                <li key={i}>{describeIssue(issue, draft)}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t("dismiss")}
        </Button>
      </div>
    </Alert>
  );
}
