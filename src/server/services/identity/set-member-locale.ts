import type { TAppLocale } from "~/domain/languages/app-locale";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertSignedIn } from "~/server/services/access";

export type SetMemberLocaleOptions = { actor: Actor; locale: TAppLocale | null };

/**
 * The language the member reads the app and its mails in (docs/app-text.md). null goes back to following the
 * browser's Accept-Language. A setting of the person, not of a key: API keys cannot change it.
 */
export async function setMemberLocale({ actor, locale }: SetMemberLocaleOptions) {
  assertSignedIn(actor, "Choosing the app's language");
  await getDb().user.update({ where: { id: actor.userId }, data: { locale } });
  return { locale };
}
