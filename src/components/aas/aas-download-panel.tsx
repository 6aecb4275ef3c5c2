import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";

export type AasDownloadPanelProps = {
  /** The REST path of the export, `/api/organizations/{orgaId}/models/{modelId}[/items/{itemId}]/aas`. */
  exportPath: string;
  /** The downloaded files' base name. */
  fileName: string;
  /** "model" or "item", for the text. */
  noun: string;
};

/**
 * "Download AAS (JSON / AASX)": the passport as an Asset Administration Shell (docs/aas.md). A server component: the
 * links are the REST export itself, which the session cookie authorises, so nothing here needs script.
 */
export function AasDownloadPanel({ exportPath, fileName, noun }: AasDownloadPanelProps) {
  const name = fileName.replace(/[^\w.-]+/g, "-").slice(0, 60);
  return (
    <Card aria-labelledby="aas-download-heading">
      <CardBody>
        <h2 id="aas-download-heading" className="text-base font-semibold">
          Asset Administration Shell
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          This {noun}&apos;s passport as an AAS V3.0 environment, for AAS tools such as the AASX Package Explorer or BaSyx.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a
            href={`${exportPath}?format=json`}
            download={`${name}.aas.json`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Download AAS (JSON)
          </a>
          <a
            href={`${exportPath}?format=aasx`}
            download={`${name}.aasx`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Download AAS (AASX)
          </a>
        </div>
      </CardBody>
    </Card>
  );
}
