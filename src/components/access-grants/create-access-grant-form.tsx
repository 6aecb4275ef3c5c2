"use client";

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
  const [defaultExpiry] = useState(inThirtyDays);
  const create = trpc.accessGrants.create.useMutation();

  async function createGrant(grant: TAccessGrantCreateRequest) {
    const created = await create.mutateAsync({ organizationId, modelId, grant });
    return { partyName: created.partyName, link: new URL(created.link, window.location.origin).toString() };
  }

  return (
    <SecretCreateForm
      fields={FIELDS}
      aria-label="New access grant"
      parse={parseGrant}
      create={createGrant}
      onCreated={onCreated}
      renderSecret={({ partyName, link }, onDone) => (
        <SecretOncePanel
          title={`Send this link to ${partyName}`}
          label="Secret link"
          secret={link}
          kind="link"
          copyLabel="Copy link"
          onDone={onDone}
        >
          This is the only time the link is shown: it carries the grant’s secret, which is stored only as a hash.
        </SecretOncePanel>
      )}
    >
      {(errors) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Party"
              name="partyName"
              required
              maxLength={200}
              autoComplete="off"
              hint="Who receives the link, for example “Recycling Co.”"
              error={errors.fields.partyName}
            />
            <Field label="Level" error={errors.fields.level}>
              {(control) => (
                <Select {...control} name="level" defaultValue="legitimate-interest">
                  <option value="legitimate-interest">Legitimate interest (repairers, recyclers)</option>
                  <option value="authority">Authority (market surveillance, Commission)</option>
                </Select>
              )}
            </Field>
            <ExpiryDateField
              label="Expires on"
              required
              defaultValue={defaultExpiry}
              hint="The link stops working at the end of this day (at most a year ahead)."
              error={errors.fields.expiresAt}
            />
            <Field label="Passports" error={errors.fields.passportUuid}>
              {(control) => (
                <Select {...control} name="passportUuid" defaultValue="">
                  <option value="">This model and all its items</option>
                  {modelPassportUuid ? <option value={modelPassportUuid}>This model’s passport only</option> : null}
                </Select>
              )}
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create grant"}
          </Button>
        </>
      )}
    </SecretCreateForm>
  );
}
