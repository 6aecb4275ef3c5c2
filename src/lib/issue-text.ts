import { useLocale, useTranslations } from "next-intl";
import type { z } from "zod";
import type { IssueText } from "~/lib/form-errors";

/**
 * The shared schemas (src/domain) speak English, because the API's messages stay English (docs/app-text.md). A form
 * in another language words the issue from its zod code and bounds instead; in English the schema's own, more
 * specific message stands.
 */
export function useIssueText(): IssueText {
  const locale = useLocale();
  const t = useTranslations("validation");
  if (locale === "en") return (issue) => issue.message;
  return (issue: z.core.$ZodIssue) => {
    switch (issue.code) {
      case "too_small":
        if (issue.origin === "string")
          return Number(issue.minimum) <= 1 ? t("required") : t("tooShort", { minimum: Number(issue.minimum) });
        return t("tooSmall", { minimum: String(issue.minimum) });
      case "too_big":
        if (issue.origin === "string") return t("tooLong", { maximum: Number(issue.maximum) });
        return t("tooBig", { maximum: String(issue.maximum) });
      case "invalid_format":
        return issue.format === "email" ? t("email") : t("invalid");
      case "invalid_type":
        return issue.input === undefined || issue.input === null ? t("required") : t("invalid");
      default:
        return t("invalid");
    }
  };
}
