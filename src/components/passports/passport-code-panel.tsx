import { useTranslations } from "next-intl";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";

export type PassportCodePanelProps = {
  /** The unique product identifier whose passport the code opens. */
  uuid: string;
  /** What the passport is of, for the image's text alternative and the downloaded files' names. */
  label: string;
  /** The URL the code encodes, shown so the user can see where a scan leads before printing it. */
  pointsTo: string;
};

/**
 * The passport's QR code with its public page and downloads (docs/gs1.md). A server component: the image and the
 * files are the public /p/{uuid}/qr.* routes, so nothing here needs script.
 */
export function PassportCodePanel({ uuid, label, pointsTo }: PassportCodePanelProps) {
  const t = useTranslations("passportCode");
  const fileName = `passport-${label.replace(/[^\w.-]+/g, "-").slice(0, 60)}`;
  return (
    <Card aria-labelledby={`passport-code-${uuid}`}>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {/* A plain img: the SVG is served by our own route with its ETag; next/image would add nothing. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={`/p/${uuid}/qr.svg`}
          alt={t("alt", { label })}
          width={144}
          height={144}
          className="size-36 shrink-0 self-center rounded border border-slate-200 bg-white"
        />
        <div className="min-w-0">
          <h2 id={`passport-code-${uuid}`} className="text-base font-semibold">
            {t("heading")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
          <p className="mt-1 text-sm break-all text-slate-700">
            {t.rich("pointsTo", { url: pointsTo, mono: (chunks) => <span className="font-mono">{chunks}</span> })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={`/p/${uuid}/qr.svg`} download={`${fileName}.svg`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {t("svg")}
            </a>
            <a
              href={`/p/${uuid}/qr.png?size=1024`}
              download={`${fileName}.png`}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              {t("png")}
            </a>
            <a href={`/p/${uuid}`} className={buttonClasses({ variant: "ghost", size: "sm" })}>
              {t("open")}
            </a>
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
