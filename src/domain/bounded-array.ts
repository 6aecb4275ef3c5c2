import { z } from "zod";
import { MAX_ISSUES, MORE_ISSUES_PARAM, zodIssueCount } from "~/domain/app-error";

/**
 * An array whose elements are validated one by one, keeping the first MAX_ISSUES issues and only counting the rest.
 * `z.array(element)` would build an issue object for every bad element (a few MB of `[1,1,…]` are millions of
 * them, and an answer of hundreds of MB); here memory stays bounded whatever the array holds, and the count of the
 * issues left out travels as one summary issue that `zodIssueCount` reads.
 */
export function boundedArray<E extends z.ZodType>(element: E, options: { minItems: number; tooFew: string }) {
  const schema = z
    .array(z.unknown())
    .min(options.minItems, { error: options.tooFew })
    .transform((items, ctx) => {
      const parsed: z.output<E>[] = [];
      let kept = 0;
      let uncounted = 0;
      items.forEach((item, index) => {
        const result = element.safeParse(item);
        if (result.success) {
          parsed.push(result.data);
          return;
        }
        if (kept >= MAX_ISSUES) {
          uncounted += zodIssueCount(result.error);
          return;
        }
        for (const issue of result.error.issues) {
          // A finished issue is re-raised at the element's index; zod's raw-issue type wants the input it was about.
          ctx.issues.push({ ...issue, path: [index, ...issue.path], input: item } as z.core.$ZodRawIssue);
        }
        kept += zodIssueCount(result.error);
      });
      if (uncounted > 0) {
        ctx.issues.push({
          code: "custom",
          message: `…and ${uncounted} more issues`,
          input: items,
          params: { [MORE_ISSUES_PARAM]: uncounted },
        });
      }
      return parsed;
    });
  // The transform takes unknown elements so that it, not zod's array, decides how many issues to build; to callers
  // (the tRPC client among them) the schema still reads and returns arrays of the element's own types.
  return schema as unknown as z.ZodType<z.output<E>[], z.input<E>[]>;
}
