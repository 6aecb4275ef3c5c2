"use client";

import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import { ZCommodityCode, ZFacilityIds } from "~/domain/registry-settings";
import { formText } from "~/lib/form-text";
import { useFormErrors } from "~/lib/use-form-errors";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["commodityCode", "facilityIds"] as const;
const ZForm = z.object({ commodityCode: ZCommodityCode.nullable(), facilityIds: ZFacilityIds });

export type ModelRegistryFormProps = {
  organizationId: string;
  modelId: string;
  version: number;
  commodityCode: string | null;
  facilityIds: readonly string[];
};

/** A model's EU registry settings, saved through the model's own write (its version, its history). */
export function ModelRegistryForm({ organizationId, modelId, version, commodityCode, facilityIds }: ModelRegistryFormProps) {
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const [isSaved, setIsSaved] = useState(false);
  const update = trpc.models.update.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaved(false);
    const data = new FormData(event.currentTarget);
    const parsed = ZForm.safeParse({
      commodityCode: formText(data, "commodityCode") || null,
      facilityIds: formText(data, "facilityIds")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    });
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    try {
      await update.mutateAsync({ organizationId, modelId, ifMatch: version, patch: parsed.data });
      setIsSaved(true);
      router.refresh();
    } catch (error) {
      showFailed(error);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField
        label="Commodity code"
        name="commodityCode"
        inputMode="numeric"
        defaultValue={commodityCode ?? ""}
        autoComplete="off"
        hint="The HS, CN or TARIC code: 4 to 10 digits."
        error={errors.fields.commodityCode}
      />
      <Field
        label="Facilities"
        hint="One identifier per line: a GLN (13 digits) or another identifier of the plant that makes the product."
        error={errors.fields.facilityIds}
      >
        {(control) => <Textarea {...control} name="facilityIds" rows={3} defaultValue={facilityIds.join("\n")} />}
      </Field>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving…" : "Save registry settings"}
      </Button>
      <div aria-live="polite">{isSaved ? <Alert tone="success">Registry settings saved.</Alert> : null}</div>
    </form>
  );
}
