"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import {
  OPERATOR_ROLES,
  OPERATOR_SCHEMES,
  type TOperatorIdentifier,
  type TOperatorRole,
  type TOperatorScheme,
} from "~/domain/operator-identifiers";
import { ZOrganizationRegistryInput } from "~/domain/procedure-inputs";
import { trpc } from "~/lib/trpc/react";

type Row = { key: string; role: TOperatorRole; scheme: TOperatorScheme; value: string; name: string; contact: string };

export type OperatorIdentifiersFormProps = { organizationId: string; operatorIdentifiers: readonly TOperatorIdentifier[] };

/**
 * The organization's typed operator identifiers (docs/registry.md §Operator identifiers): a row each, added and removed
 * in the form, all saved at once. Each value is checked by its scheme's rule before anything is sent, and again by the
 * server; a refusal names the row.
 */
export function OperatorIdentifiersForm({ organizationId, operatorIdentifiers }: OperatorIdentifiersFormProps) {
  const t = useTranslations("operatorIdentifiers");
  const update = trpc.organizations.updateRegistry.useMutation();
  const keyPrefix = useId();
  const [count, setCount] = useState(operatorIdentifiers.length);
  const [rows, setRows] = useState<Row[]>(() =>
    operatorIdentifiers.map((identifier, index) => ({
      key: `${keyPrefix}-${index}`,
      ...identifier,
      name: identifier.name ?? "",
      contact: identifier.contact ?? "",
    })),
  );
  const form = useSettingsForm({
    fields: ["operatorIdentifiers"] as const,
    parse: () => {
      const parsed = ZOrganizationRegistryInput.safeParse({
        organizationId,
        operatorIdentifiers: rows.map(({ role, scheme, value, name, contact }) => ({
          role,
          scheme,
          value,
          ...(name.trim() !== "" && { name }),
          ...(contact.trim() !== "" && { contact }),
        })),
      });
      if (parsed.success) return parsed;
      // The first problem, with the row it is in: the rules' own words name the scheme and what is wrong.
      const issue = parsed.error.issues[0];
      const row = issue?.path[1];
      const problem = issue?.message ?? "";
      const text = typeof row === "number" ? t("rowProblem", { n: row + 1, problem }) : problem;
      return { success: false, errors: { fields: { operatorIdentifiers: text } } };
    },
    save: (input) => update.mutateAsync(input),
  });
  const change = (key: string, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    setRows((current) => [
      ...current,
      { key: `${keyPrefix}-${count}`, role: "manufacturer", scheme: "LEI", value: "", name: "", contact: "" },
    ]);
    setCount((n) => n + 1);
  };

  return (
    <SettingsForm {...form} saveLabel={t("save")} savedText={t("saved")}>
      {form.errors.fields.operatorIdentifiers ? (
        <p role="alert" className="text-sm text-red-700">
          {form.errors.fields.operatorIdentifiers}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="text-sm text-slate-600">{t("none")}</p> : null}
      <ol className="space-y-4">
        {rows.map((row, index) => (
          <li key={row.key}>
            <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium text-slate-900">{t("row", { n: index + 1 })}</legend>
              <Field label={t("role")}>
                {(control) => (
                  <Select {...control} value={row.role} onChange={(e) => change(row.key, { role: e.target.value as TOperatorRole })}>
                    {OPERATOR_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label={t("scheme")}>
                {(control) => (
                  <Select
                    {...control}
                    value={row.scheme}
                    onChange={(e) => change(row.key, { scheme: e.target.value as TOperatorScheme })}
                  >
                    {OPERATOR_SCHEMES.map((scheme) => (
                      <option key={scheme} value={scheme}>
                        {scheme}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <TextField
                label={t("value")}
                value={row.value}
                autoComplete="off"
                onChange={(e) => change(row.key, { value: e.target.value })}
                hint={t(`hints.${row.scheme}`)}
              />
              <TextField
                label={t("name")}
                value={row.name}
                autoComplete="off"
                onChange={(e) => change(row.key, { name: e.target.value })}
              />
              <TextField
                label={t("contact")}
                value={row.contact}
                autoComplete="off"
                onChange={(e) => change(row.key, { contact: e.target.value })}
                hint={row.role === "responsibleOperator" ? t("responsibleHint") : undefined}
              />
              <div className="flex items-end">
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  {t("remove", { n: index + 1 })}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button type="button" variant="secondary" onClick={add}>
        {t("add")}
      </Button>
    </SettingsForm>
  );
}
