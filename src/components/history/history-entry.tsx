import { useTranslations } from "next-intl";
import { authorName, type FieldLabels } from "~/components/history/history-labels";
import { Badge } from "~/components/ui/badge";
import { LocalTime } from "~/components/ui/local-time";
import type { THistoryEntry } from "~/domain/history";

/** A value as the panel shows it: the text, or "empty" set apart so it cannot be mistaken for the word. */
function Value({ value, className }: { value: string | null; className?: string }) {
  const t = useTranslations("history");
  if (value === null || value === "") return <span className="text-slate-500 italic">{t("empty")}</span>;
  return <span className={className}>{value}</span>;
}

/** One write: who, through what and when, then each value it changed from what to what. */
export function HistoryEntry({ entry, labels }: { entry: THistoryEntry; labels: FieldLabels }) {
  const t = useTranslations("history");
  const hidden = entry.valueCount - entry.changes.length;
  return (
    <li className="space-y-2 py-3">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{authorName(entry.who, t)}</span> {t(`via.${entry.via}`)},{" "}
        <LocalTime value={entry.at} />
      </p>
      <ul className="space-y-1 text-sm" aria-label={t("changes")}>
        {entry.properties.map((property) => (
          <li key={property.name} className="break-words">
            <span className="text-slate-600">{t(`property.${property.name}`)}:</span>{" "}
            {property.name === "templateId" ? (
              t("anotherTemplate")
            ) : (
              <>
                <Value value={property.from} className="text-slate-500 line-through" /> → <Value value={property.to} />
              </>
            )}
          </li>
        ))}
        {entry.changes.map((change) => (
          <li key={`${change.dataSectionId}|${change.dataFieldId}|${change.row}`} className="break-words">
            <span className="text-slate-600">{labels(change)}:</span>{" "}
            {change.kind === "modify" ? null : <Badge className="mr-1">{t(`kind.${change.kind}`)}</Badge>}
            {change.kind === "add" ? null : (
              <>
                <Value value={change.from} className="text-slate-500 line-through" />
                {change.kind === "delete" ? null : " → "}
              </>
            )}
            {change.kind === "delete" ? null : <Value value={change.to} />}
          </li>
        ))}
      </ul>
      {hidden > 0 ? <p className="text-sm text-slate-600">{t("more", { count: hidden })}</p> : null}
    </li>
  );
}
