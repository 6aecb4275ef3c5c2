"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { issuesByLine, MAX_LISTED_LINES, parseSerialLines, serialLineIssues } from "~/components/items/serial-lines";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { MAX_BULK_ITEMS } from "~/domain/item-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type CreateItemsPanelProps = { organizationId: string; modelId: string };

type Mode = "serials" | "count";
type Outcome = { tone: "success" | "error"; text: string; general?: string[] };

/**
 * Creating items: one at once (then its editor opens), or many in one request, from a count or a pasted list of
 * serial numbers. The server creates all or nothing; its issues about single values are shown at their lines.
 */
export function CreateItemsPanel({ organizationId, modelId }: CreateItemsPanelProps) {
  const t = useTranslations("items");
  const router = useRouter();
  const client = trpc.useUtils().client;
  const [mode, setMode] = useState<Mode>("serials");
  const [serials, setSerials] = useState("");
  const [count, setCount] = useState("10");
  const [lineErrors, setLineErrors] = useState<{ line: number; message: string }[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isPending, setIsPending] = useState(false);
  const target = { organizationId, modelId };

  const createOne = async () => {
    setIsPending(true);
    setOutcome(null);
    try {
      const item = await client.items.create.mutate(target);
      router.push(`/orgs/${organizationId}/models/${modelId}/items/${item.id}`);
    } catch (error) {
      setOutcome({ tone: "error", text: trpcErrorInfo(error).message });
      setIsPending(false);
    }
  };

  const createMany = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lines = parseSerialLines(serials);
    setLineErrors([]);
    setOutcome(null);
    if (mode === "serials" && lines.length === 0) {
      setOutcome({ tone: "error", text: t("pasteSerials") });
      return;
    }
    // Every bad line at once, before sending (the server stops at its first kind of problem).
    const local = mode === "serials" ? serialLineIssues(lines) : { byLine: [], general: [] };
    if (local.byLine.length > 0) {
      setLineErrors(local.byLine);
      setOutcome({ tone: "error", text: t("linesNeedFixingNothingCreated", { count: local.byLine.length }) });
      return;
    }
    setIsPending(true);
    try {
      const request = mode === "count" ? { count: Number(count) } : { identifiers: lines.map((line) => line.value) };
      const created = await client.items.bulkCreate.mutate({ ...target, request });
      setSerials("");
      setOutcome({ tone: "success", text: t("createdCount", { count: created.length }) });
      router.refresh();
    } catch (error) {
      const info = trpcErrorInfo(error);
      const placed =
        mode === "serials" ? issuesByLine(info.issues, lines) : { byLine: [], general: info.issues.map((i) => i.message) };
      setLineErrors(placed.byLine);
      // Issues placed at their lines are listed there; the summary then says how many, never a raw `$.…` path.
      const text =
        placed.byLine.length > 0 && placed.general.length === 0
          ? t("linesNeedFixingNothingCreated", { count: placed.byLine.length })
          : info.message;
      setOutcome({ tone: "error", text, general: placed.general });
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Card>
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-base font-semibold text-slate-900">{t("createTitle")}</h2>
          <Button variant="secondary" onClick={createOne} disabled={isPending}>
            {t("createOne")}
          </Button>
        </div>
        <form noValidate onSubmit={createMany} className="space-y-4" aria-label={t("createManyLabel")}>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t("createMany")}</legend>
            {(["serials", "count"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
                {value === "serials" ? t("fromSerials") : t("byCount")}
              </label>
            ))}
          </fieldset>
          {mode === "serials" ? (
            <Field
              label={t("serialsLabel")}
              hint={t("serialsHint", { max: MAX_BULK_ITEMS })}
              error={lineErrors.length > 0 ? t("linesNeedFixing", { count: lineErrors.length }) : undefined}
              after={
                lineErrors.length > 0 ? (
                  <>
                    <ul aria-label={t("problemsByLine")} className="mt-2 space-y-1 text-sm text-red-700">
                      {lineErrors.slice(0, MAX_LISTED_LINES).map(({ line, message }) => (
                        <li key={`${line}-${message}`}>{t("lineProblem", { line, message })}</li>
                      ))}
                    </ul>
                    {lineErrors.length > MAX_LISTED_LINES ? (
                      <p className="mt-1 text-sm text-red-700">{t("moreProblems", { count: lineErrors.length - MAX_LISTED_LINES })}</p>
                    ) : null}
                  </>
                ) : null
              }
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={6}
                  value={serials}
                  onChange={(event) => setSerials(event.target.value)}
                  className="font-mono"
                />
              )}
            </Field>
          ) : (
            <Field label={t("numberOfItems")}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={1}
                  max={MAX_BULK_ITEMS}
                  inputMode="numeric"
                  value={count}
                  onChange={(event) => setCount(event.target.value)}
                  className="sm:max-w-40"
                />
              )}
            </Field>
          )}
          <Button type="submit" disabled={isPending}>
            {isPending ? t("creating") : t("create")}
          </Button>
        </form>
        {outcome ? (
          <Alert tone={outcome.tone}>
            <p>{outcome.text}</p>
            {outcome.general?.length ? (
              <ul className="mt-1 list-disc pl-5">
                {outcome.general.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </CardBody>
    </Card>
  );
}
