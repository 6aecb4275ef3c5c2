"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { RangeWords } from "~/domain/value-text";

/** A range's words in the member's language: the public passport's (`publicPassport.range…`), so both read alike. */
export function useRangeWords(): RangeWords {
  const t = useTranslations("publicPassport");
  return useMemo(
    () => ({
      both: (sides) => t("rangeBoth", sides),
      from: (sides) => t("rangeFrom", sides),
      to: (sides) => t("rangeTo", sides),
    }),
    [t],
  );
}
