import { ZSetLocaleInput } from "~/domain/languages/app-locale";
import { setMemberLocale } from "~/server/services/identity/set-member-locale";
import { protectedProcedure, router } from "~/server/trpc/trpc";

/** The signed-in member's own settings. */
export const accountRouter = router({
  setLocale: protectedProcedure.input(ZSetLocaleInput).mutation(async ({ ctx, input }) => {
    return await setMemberLocale({ actor: ctx.actor, locale: input.locale });
  }),
});
