import { useTranslations } from "next-intl";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";

export type AasDownloadPanelProps = {
  /** The REST path of the export, `/api/organizations/{orgaId}/models/{modelId}[/items/{itemId}]/aas`. */
  exportPath: string;
  /** Whose passport it is, for the text. */
  noun: "model" | "item";
};

/**
 * "Download AAS (JSON / AASX)": the passport as an Asset Administration Shell (docs/aas.md). A server component: the
 * links are the REST export itself, which the session cookie authorises, so nothing here needs script. Each file is
 * named by the export's Content-Disposition, one rule for both formats.
 */
export function AasDownloadPanel({ exportPath, noun }: AasDownloadPanelProps) {
  const t = useTranslations("aasDownload");
  return (
    <Card aria-labelledby="aas-download-heading">
      <CardBody>
        <h2 id="aas-download-heading" className="text-base font-semibold">
          {t("heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("intro", { noun })}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a
            href={`${exportPath}?format=json`}
            // The server names both files the same way (`aasFileName`: the name and the version).
            download
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            {t("json")}
          </a>
          <a href={`${exportPath}?format=aasx`} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
            {t("aasx")}
          </a>
        </div>
      </CardBody>
    </Card>
  );
}
