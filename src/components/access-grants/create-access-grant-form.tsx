"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ExpiryDateField, expiresAtFromForm } from "~/components/ui/expiry-date-field";
import { Field } from "~/components/ui/field";
import { SecretCreateForm } from "~/components/ui/secret-create-form";
import { SecretOncePanel } from "~/components/ui/secret-once-panel";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { ZAccessGrantCreateRequest, type TAccessGrantCreateRequest } from "~/domain/passport-schema";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["partyName", "level", "expiresAt", "passportUuid"] as const;

export type CreateAccessGrantFormProps = {
  organizationId: string;
  modelId: string;
  /** The model's own passport, offered as the narrower scope. */
  modelPassportUuid: string | undefined;
  onCreated: () => void;
};

function inThirtyDays(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}

function parseGrant(data: FormData) {
  const scope = data.get("passportUuid");
  return ZAccessGrantCreateRequest.safeParse({
    partyName: data.get("partyName"),
    level: data.get("level"),
    expiresAt: expiresAtFromForm(data),
    ...(typeof scope === "string" && scope ? { passportUuid: scope } : {}),
  });
}

/** Grants a named party access to restricted fields; the secret link is shown once, below the form. */
export function CreateAccessGrantForm({ organizationId, modelId, modelPassportUuid, onCreated }: CreateAccessGrantFormProps) {
  const t = useTranslations("accessGrants");
  const [defaultExpiry] = useState(inThirtyDays);
  const create = trpc.accessGrants.create.useMutation();

  async function createGrant(grant: TAccessGrantCreateRequest) {
    const created = await create.mutateAsync({ organizationId, modelId, grant });
    return { partyName: created.partyName, link: new URL(created.link, window.location.origin).toString() };
  }

  return (
    <SecretCreateForm
      fields={FIELDS}
      aria-label={t("newGrant")}
      parse={parseGrant}
      create={createGrant}
      onCreated={onCreated}
      renderSecret={({ partyName, link }, onDone) => (
        <SecretOncePanel
          title={t("sendLink", { party: partyName })}
          label={t("secretLink")}
          secret={link}
          kind="link"
          copyLabel={t("copyLink")}
          onDone={onDone}
        >
          {t("onlyTime")}
        </SecretOncePanel>
      )}
    >
      {(errors) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("party")}
              name="partyName"
              required
              maxLength={200}
              autoComplete="off"
              hint={t("partyHint")}
              error={errors.fields.partyName}
            />
            <Field label={t("levelLabel")} error={errors.fields.level}>
              {(control) => (
                <Select {...control} name="level" defaultValue="legitimate-interest">
                  <option value="legitimate-interest">{t("levelLegitimate")}</option>
                  <option value="authority">{t("levelAuthority")}</option>
                </Select>
              )}
            </Field>
            <ExpiryDateField
              label={t("expiresOn")}
              required
              defaultValue={defaultExpiry}
              hint={t("expiresHint")}
              error={errors.fields.expiresAt}
            />
            <Field label={t("passports")} error={errors.fields.passportUuid}>
              {(control) => (
                <Select {...control} name="passportUuid" defaultValue="">
                  <option value="">{t("scopeAll")}</option>
                  {modelPassportUuid ? <option value={modelPassportUuid}>{t("scopeModel")}</option> : null}
                </Select>
              )}
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("creating") : t("create")}
          </Button>
        </>
      )}
    </SecretCreateForm>
  );
}
