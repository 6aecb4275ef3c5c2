import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { buttonClasses } from "~/components/ui/button";
import { LocalTime } from "~/components/ui/local-time";
import type { TAuditEvent } from "~/domain/audit-events";

/** The log's events as a list (a table would not fit a phone): when, what, by whom, about what, with what details. */
export function AuditEventList({ events, nextHref }: { events: TAuditEvent[]; nextHref: string | null }) {
  const t = useTranslations("auditLog");
  return (
    <div className="space-y-4">
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {events.map((event) => (
          <li key={event.id} className="space-y-1 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <span className="font-medium text-slate-900">{t(`types.${event.type}`)}</span>
              <LocalTime value={event.at} className="text-slate-600" />
            </div>
            <p className="break-words text-slate-700">{t("by", { actor: actorName(event, t("operator")), kind: event.actor.kind })}</p>
            {event.subject ? <p className="font-mono text-xs break-all text-slate-600">{event.subject}</p> : null}
            {Object.keys(event.details).length > 0 ? (
              <p className="font-mono text-xs break-all text-slate-600">{JSON.stringify(event.details)}</p>
            ) : null}
          </li>
        ))}
      </ol>
      {nextHref ? (
        <Link href={nextHref} className={buttonClasses({ variant: "secondary" })}>
          {t("older")}
        </Link>
      ) : null}
    </div>
  );
}

function actorName(event: TAuditEvent, operator: string): string {
  if (event.actor.kind === "operator") return operator;
  return event.actor.name ?? event.actor.email ?? event.actor.userId ?? "";
}
