import { useTranslations } from "next-intl";
import { buttonClasses } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { AUDIT_EVENT_TYPES, type TAuditEventType } from "~/domain/audit-events";

/** A plain GET form: the chosen event type goes in the page's query, so a filtered log is a link to keep. */
export function AuditTypeFilter({ chosen }: { chosen: TAuditEventType | undefined }) {
  const t = useTranslations("auditLog");
  return (
    <form method="get" className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor="audit-type" className="mb-1 block text-sm font-medium text-slate-700">
          {t("typeLabel")}
        </label>
        <Select id="audit-type" name="type" defaultValue={chosen ?? ""}>
          <option value="">{t("allTypes")}</option>
          {AUDIT_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
      </div>
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        {t("filter")}
      </button>
    </form>
  );
}
