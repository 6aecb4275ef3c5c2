"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "~/components/ui/alert";
import type { useDraftWrites } from "~/components/template-builder/use-draft-writes";
import type { ProfileReport } from "~/domain/profiles/apply-profile";
import { PROFILES, type TProfileId, ZProfileId } from "~/domain/profiles/profiles";

type DraftWrites = ReturnType<typeof useDraftWrites>;

export type ProfilePanelProps = { run: DraftWrites["run"]; client: DraftWrites["client"]; isBusy: boolean };

/**
 * "Apply profile": a law's access levels and granularities over the whole draft, and the elements it asks for that
 * the draft lacks (docs/profiles.md); what it matched and what it did not is shown below the buttons afterwards.
 */
export function ProfilePanel({ run, client, isBusy }: ProfilePanelProps) {
  const t = useTranslations("builder");
  const onApply = useProfileApply(run, client);
  const headingId = useId();
  const [report, setReport] = useState<ProfileReport | undefined>();

  const apply = async (id: TProfileId) => {
    setReport(undefined);
    setReport(await onApply(id));
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {t("profileHeading")}
      </h3>
      <p className="text-xs text-slate-600">{t("profileText")}</p>
      {PROFILES.map((profile) => (
        // A plain button: the profile's name is long, and it wraps inside the sidebar (Button keeps one line).
        <button
          key={profile.id}
          type="button"
          disabled={isBusy}
          onClick={() => void apply(ZProfileId.parse(profile.id))}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t("profileApply", { name: profile.name })}
        </button>
      ))}
      {report ? (
        <Alert tone="success" aria-label={t("profileResult")}>
          <p>
            {t("profileApplied", {
              name: report.profileName,
              matched: report.matched.length,
              added: report.added.length,
              uncovered: report.uncoveredFields,
            })}
          </p>
          {report.unmatched.length > 0 ? (
            <p className="mt-1 text-xs">{t("profileUnmatched", { count: report.unmatched.length })}</p>
          ) : null}
        </Alert>
      ) : null}
    </section>
  );
}

/** The builder's "Apply profile" through the draft's one queue of writes: the report, or undefined when refused. */
function useProfileApply(run: DraftWrites["run"], client: DraftWrites["client"]) {
  return async (profile: TProfileId): Promise<ProfileReport | undefined> => {
    let report: ProfileReport | undefined;
    const saved = await run(async (target) => {
      const applied = await client.applyProfile.mutate({ ...target, profile });
      report = applied.report;
      return applied.templateDraft;
    });
    return saved ? report : undefined;
  };
}
