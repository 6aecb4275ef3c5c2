import { useTranslations } from "next-intl";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";

export type AasDownloadPanelProps = {
  /** The REST path of the export, `/api/organizations/{orgaId}/models/{modelId}[/items/{itemId}]/aas`. */
  exportPath: string;
  /** The downloaded files' base name. */
  fileName: string;
  /** Whose passport it is, for the text. */
  noun: "model" | "item";
};

/**
 * "Download AAS (JSON / AASX)": the passport as an Asset Administration Shell (docs/aas.md). A server component: the
 * links are the REST export itself, which the session cookie authorises, so nothing here needs script.
 */
export function AasDownloadPanel({ exportPath, fileName, noun }: AasDownloadPanelProps) {
  const t = useTranslations("aasDownload");
  const name = fileName.replace(/[^\w.-]+/g, "-").slice(0, 60);
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
            download={`${name}.aas.json`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            {t("json")}
          </a>
          <a
            href={`${exportPath}?format=aasx`}
            download={`${name}.aasx`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            {t("aasx")}
          </a>
        </div>
      </CardBody>
    </Card>
  );
}
