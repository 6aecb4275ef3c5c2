import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTemplateDefinition } from "~/domain/template-definition";
import { modifyDataField, modifySection } from "~/domain/template-draft-edits";
import { ZDataFieldDraftUpdateRequest } from "~/domain/template-draft-schema";
import {
  choiceLabel,
  localizeTemplate,
  translationLanguageFor,
  type TTranslations,
  ZTemplateTranslationsInput,
  ZTranslationsInput,
} from "~/domain/languages/template-translations";

const S1 = "00000000-0000-4000-8000-000000000001";
const F1 = "00000000-0000-4000-8000-000000000101";

function definition(fieldTranslations: unknown, sectionTranslations?: unknown) {
  return {
    name: "Battery",
    sections: [
      {
        id: S1,
        name: "General",
        type: "Group",
        ...(sectionTranslations !== undefined && { translations: sectionTranslations }),
        dataFields: [
          { id: F1, name: "Chemistry", type: "TextField", options: { choices: "LFP|NMC" }, translations: fieldTranslations },
        ],
      },
    ],
  };
}

describe("ZTranslationsInput", () => {
  it("canonicalises tags and drops empty texts", () => {
    const parsed = ZTranslationsInput.parse({ "DE-de": { name: "Chemie", description: "" }, fr: { name: "" } });
    expect(parsed).toEqual({ "de-DE": { name: "Chemie" } });
  });

  it("refuses a tag that is not BCP 47, a language given twice, and more than 40 languages", () => {
    expect(ZTranslationsInput.safeParse({ "not a tag!": { name: "x" } }).success).toBe(false);
    expect(ZTranslationsInput.safeParse({ "de-de": { name: "a" }, "DE-DE": { name: "b" } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`x-${String(i).padStart(3, "0")}`, { name: "n" }]));
    expect(ZTranslationsInput.safeParse(many).success).toBe(false);
  });

  it("bounds the lengths and refuses unknown keys", () => {
    expect(ZTranslationsInput.safeParse({ de: { name: "x".repeat(201) } }).success).toBe(false);
    expect(ZTranslationsInput.safeParse({ de: { description: "x".repeat(10_001) } }).success).toBe(false);
    expect(ZTranslationsInput.safeParse({ de: { title: "x" } }).success).toBe(false);
  });
});

describe("ZTemplateTranslationsInput", () => {
  it("takes a template's name and description with the rules of a section's, and refuses choice labels", () => {
    expect(ZTemplateTranslationsInput.parse({ "DE-de": { name: "Batterie", description: "" } })).toEqual({
      "de-DE": { name: "Batterie" },
    });
    expect(ZTemplateTranslationsInput.safeParse({ de: { name: "x".repeat(201) } }).success).toBe(false);
    const labelled = ZTemplateTranslationsInput.safeParse({ de: { choices: { a: "b" } } });
    expect(labelled.success).toBe(false);
    expect(labelled.error?.issues[0]?.path).toEqual(["de", "choices"]);
  });

  it("are kept by a template definition, and left out when empty", () => {
    const kept = parseTemplateDefinition({ ...definition(undefined), translations: { de: { name: "Batterie" } } });
    expect(kept.ok && kept.value.translations).toEqual({ de: { name: "Batterie" } });
    const empty = parseTemplateDefinition({ ...definition(undefined), translations: { de: { name: "" } } });
    expect(empty.ok && empty.value).not.toHaveProperty("translations");
  });
});

describe("translations in a template definition", () => {
  it("are kept on sections and fields, and left out when empty", () => {
    const result = parseTemplateDefinition(
      definition({ de: { name: "Chemie", choices: { LFP: "LFP (Lithium-Eisenphosphat)" } } }, {}),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const [section] = result.value.sections;
    expect(section).not.toHaveProperty("translations");
    expect(section?.dataFields[0]?.translations).toEqual({ de: { name: "Chemie", choices: { LFP: "LFP (Lithium-Eisenphosphat)" } } });
  });

  it("refuse a choice label for a choice the field does not have", () => {
    const result = parseTemplateDefinition(definition({ de: { choices: { LCO: "LCO" } } }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.path).toBe("$.sections[0].dataFields[0].translations.de.choices.LCO");
  });

  it("are replaced by a draft edit and survive the draft's validation", () => {
    const parsed = parseTemplateDefinition(definition(undefined));
    if (!parsed.ok) throw new Error("invalid");
    const document = { name: "Battery", description: "", sectors: [], version: "1.0.0", sections: parsed.value.sections };
    const input = ZDataFieldDraftUpdateRequest.parse({ translations: { de: { name: "Chemie" } } });
    const edited = modifyDataField(document, S1, F1, input);
    expect(edited.sections[0]?.dataFields[0]?.translations).toEqual({ de: { name: "Chemie" } });
    const renamed = modifySection(edited, S1, { translations: { fr: { name: "Général" } } });
    expect(renamed.sections[0]?.translations).toEqual({ fr: { name: "Général" } });
    expect(renamed.sections[0]?.dataFields[0]?.translations).toEqual({ de: { name: "Chemie" } });
  });
});

const template = (translations: TTranslations | undefined, fieldTranslations: TTranslations | undefined) => ({
  name: "Battery",
  description: "A battery",
  translations,
  sections: [
    {
      name: "General",
      translations,
      dataFields: [{ name: "Chemistry", options: { choices: "LFP|NMC" }, translations: fieldTranslations }],
    },
  ],
});

describe("localizeTemplate", () => {
  it("answers the translation in the language, the original otherwise", () => {
    const t = template(
      { de: { name: "Batterie", description: "Eine Batterie" } },
      { de: { name: "Chemie", choices: { NMC: "NMC-Zelle" } } },
    );
    const de = localizeTemplate(t, "de", "en");
    expect(de.name).toBe("Batterie");
    expect(de.description).toBe("Eine Batterie");
    expect(de.sections[0]?.name).toBe("Batterie");
    expect(de.sections[0]?.dataFields[0]?.name).toBe("Chemie");
    expect(de.sections[0]?.dataFields[0]?.choiceLabels).toEqual(["LFP", "NMC-Zelle"]);
    const fr = localizeTemplate(t, "fr", "en");
    expect(fr.name).toBe("Battery");
    expect(fr.sections[0]?.dataFields[0]?.name).toBe("Chemistry");
    expect(choiceLabel(t.sections[0]!.dataFields[0]!, "NMC", { language: "fr", defaultLanguage: "en" })).toBe("NMC");
  });

  it("shows the original in the default language, even when a translation names that language", () => {
    const t = template({ en: { name: "Other" } }, undefined);
    expect(localizeTemplate(t, "en", "en").name).toBe("Battery");
  });

  const tag = fc.constantFrom("en", "de", "fr", "it", "de-AT");
  const text = fc.string({ minLength: 1, maxLength: 20 });
  const translations = fc.dictionary(tag, fc.record({ name: fc.option(text, { nil: undefined }) }, { requiredKeys: [] }));

  it("property: every name is the language's translation when there is one, else the original", () => {
    fc.assert(
      fc.property(translations, translations, tag, tag, (own, field, language, defaultLanguage) => {
        const t = template(own, field);
        const out = localizeTemplate(t, language, defaultLanguage);
        const expected = (tr: TTranslations, original: string) =>
          language === defaultLanguage ? original : (tr[language]?.name ?? original);
        expect(out.name).toBe(expected(own, "Battery"));
        expect(out.sections[0]?.name).toBe(expected(own, "General"));
        expect(out.sections[0]?.dataFields[0]?.name).toBe(expected(field, "Chemistry"));
        // The shape is kept and nothing else changes: the stored codes stay the codes.
        expect(out.sections[0]?.dataFields[0]?.options).toEqual({ choices: "LFP|NMC" });
        expect(localizeTemplate(t, defaultLanguage, defaultLanguage).name).toBe("Battery");
      }),
    );
  });
});

describe("translationLanguageFor", () => {
  it("picks the template's translation in the member's app language, by its tag or its language", () => {
    expect(translationLanguageFor(template({ de: { name: "Batterie" } }, undefined), "de")).toBe("de");
    // A field's translation alone counts; a regional tag stands for its language.
    expect(translationLanguageFor(template(undefined, { "fr-BE": { name: "Chimie" } }), "fr")).toBe("fr-BE");
    expect(translationLanguageFor(template({ "de-AT": { name: "A" }, de: { name: "B" } }, undefined), "de")).toBe("de");
    expect(translationLanguageFor(template({ de: { name: "Batterie" } }, undefined), "fr")).toBeUndefined();
    expect(translationLanguageFor(template(undefined, undefined), "en")).toBeUndefined();
  });
});
