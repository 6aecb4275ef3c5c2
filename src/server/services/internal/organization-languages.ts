import type { LanguageSettings } from "~/domain/languages/language";
import type { Tx } from "~/server/db/transaction";

/** The organization's languages (docs/languages.md): its default and the languages its passports are published in. */
export async function readLanguageSettings(db: Tx, organizationId: string): Promise<LanguageSettings> {
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { defaultLanguage: true, publishedLanguages: true },
  });
  return organization;
}
