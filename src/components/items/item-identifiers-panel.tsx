"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { displayIdentifier } from "~/domain/gs1/gs1-key";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type ItemIdentifiersPanelProps = {
  organizationId: string;
  modelId: string;
  itemId: string;
  identifiers: readonly { uuid: string; value: string }[];
  /** Whether the member may add one (the page asks `mayDo`); everyone else sees the list. */
  mayAdd: boolean;
};

/**
 * An item's identifiers, and a field to add one — typically its GS1 key, once known, to an item made by count with
 * a generated identifier. Any form of a GS1 key is taken ((01)…(21)…, digits, a Digital Link URI) and stored in one.
 */
export function ItemIdentifiersPanel({ organizationId, modelId, itemId, identifiers, mayAdd }: ItemIdentifiersPanelProps) {
  const t = useTranslations("itemPage");
  const router = useRouter();
  const client = trpc.useUtils().client;
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | undefined>();
  const [isPending, setIsPending] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    setAdded(undefined);
    if (value.trim() === "") return setError(t("enterIdentifier"));
    setIsPending(true);
    try {
      const item = await client.items.addIdentifier.mutate({ organizationId, modelId, itemId, value });
      const stored = item.uniqueProductIdentifiers.at(-1)?.value ?? value;
      setAdded(t("added", { identifier: displayIdentifier(stored) }));
      setValue("");
      // The header, the QR codes and the item list name the item by its identifiers.
      router.refresh();
    } catch (caught) {
      const info = trpcErrorInfo(caught);
      setError(info.issues[0]?.message ?? info.message);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <section aria-labelledby="item-identifiers-heading">
      <Card>
        <CardBody className="space-y-3">
          <h2 id="item-identifiers-heading" className="text-base font-semibold">
            {t("identifiers")}
          </h2>
          <ul className="space-y-1 text-sm" aria-label={t("identifiersLabel")}>
            {identifiers.map((identifier) => (
              <li key={identifier.uuid} className="font-mono break-all text-slate-800">
                {displayIdentifier(identifier.value)}
              </li>
            ))}
          </ul>
          {mayAdd ? (
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-start" aria-label={t("addForm")}>
              <div className="min-w-0 flex-1">
                <TextField
                  label={t("addLabel")}
                  name="identifier"
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  hint={t("addHint")}
                  error={error}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
              <Button type="submit" variant="secondary" disabled={isPending} className="sm:mt-6">
                {isPending ? t("adding") : t("add")}
              </Button>
            </form>
          ) : null}
          <p role="status" className="text-sm text-slate-600">
            {added}
          </p>
        </CardBody>
      </Card>
    </section>
  );
}
