import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ValueWords } from "~/domain/value-text";

/**
 * A range's and a yes/no choice's words in the member's language: the public passport's (`publicPassport.range…`,
 * `choiceYes`, `choiceNo`), so both read alike. No client boundary: a template's preview renders field inputs on the
 * server, and useTranslations and useMemo work there too.
 */
export function useValueWords(): ValueWords {
  const t = useTranslations("publicPassport");
  return useMemo(
    () => ({
      both: (sides) => t("rangeBoth", sides),
      from: (sides) => t("rangeFrom", sides),
      to: (sides) => t("rangeTo", sides),
      yes: t("choiceYes"),
      no: t("choiceNo"),
    }),
    [t],
  );
}
