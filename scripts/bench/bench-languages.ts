import autocannon from "autocannon";

/**
 * The passport read with language negotiation (docs/languages.md §Reading, README §Performance), as ratios from one
 * run: an anonymous read that negotiates another language (`Accept-Language`, then `?lang=`) beside the read every
 * client made before languages existed (no language asked for: the default language), of the same passport with
 * multilingual values in three languages and translated labels. Both go straight to the app; target ≥ 0.9.
 */
export type LanguagesBenchContext = {
  organizationId: string;
  userId: string;
  origin: string;
  connections: number;
  durationS: number;
  call: (method: string, suffix: string, body?: unknown) => Promise<unknown>;
  /** PATCH of the organization itself (`/api/organizations/{id}`). */
  updateOrganization: (body: unknown) => Promise<unknown>;
};

const LANGUAGES = ["en", "de", "fr"] as const;
const MULTILINGUAL_FIELDS = 5;
const REPEATER_FIELDS = 10;
const REPEATER_ROWS = 10;

function languagesTemplate() {
  const general = { id: crypto.randomUUID(), fieldIds: Array.from({ length: MULTILINGUAL_FIELDS }, () => crypto.randomUUID()) };
  const repeater = { id: crypto.randomUUID(), fieldIds: Array.from({ length: REPEATER_FIELDS }, () => crypto.randomUUID()) };
  const translated = (name: string) => ({ de: { name: `${name} (de)` }, fr: { name: `${name} (fr)` } });
  const definition = {
    id: crypto.randomUUID(),
    name: "Languages bench template",
    sections: [
      {
        id: general.id,
        name: "General",
        type: "Group",
        translations: translated("General"),
        dataFields: general.fieldIds.map((id, i) => ({
          id,
          name: `Text ${i}`,
          type: "TextField",
          options: { multilingual: "true" },
          translations: translated(`Text ${i}`),
        })),
      },
      {
        id: repeater.id,
        name: "Components",
        type: "Repeatable",
        translations: translated("Components"),
        dataFields: repeater.fieldIds.map((id, i) => ({ id, name: `Component ${i}`, type: "TextField" })),
      },
    ],
  };
  return { general, repeater, definition };
}

/**
 * What the organization's client writes: each multilingual field in every language, and 100 repeater values. The
 * default language's values are changes (a new model holds its nulls), the others are added.
 */
function values(template: ReturnType<typeof languagesTemplate>, languages: readonly string[]) {
  const multilingual = languages.flatMap((language) =>
    template.general.fieldIds.map((dataFieldId, i) => ({
      value: `${language} text ${i}`,
      dataSectionId: template.general.id,
      dataFieldId,
      row: 0,
      language,
    })),
  );
  const rows = Array.from({ length: REPEATER_ROWS * REPEATER_FIELDS }, (_, i) => ({
    value: `component ${i}`,
    dataSectionId: template.repeater.id,
    dataFieldId: template.repeater.fieldIds[i % REPEATER_FIELDS] as string,
    row: Math.floor(i / REPEATER_FIELDS),
  }));
  return { multilingual, rows };
}

type Target = { name: string; path: string; headers: Record<string, string>; expect: string };

/** The answer must be in the language the case claims, or the ratio compares different work. */
async function assertLanguage(origin: string, target: Target): Promise<void> {
  const response = await fetch(`${origin}${target.path}`, { headers: target.headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name}: ${response.status} ${text.slice(0, 200)}`);
  const answered = target.path.startsWith("/p/")
    ? /class="passport-content" lang="([^"]+)"/.exec(text)?.[1]
    : (JSON.parse(text) as { language?: string }).language;
  if (answered !== target.expect) throw new Error(`${target.name}: answered ${answered}, expected ${target.expect}`);
}

export async function languagesBench(context: LanguagesBenchContext) {
  const { origin, connections, durationS, call } = context;
  await context.updateOrganization({ defaultLanguage: "en", publishedLanguages: [...LANGUAGES] });
  const template = languagesTemplate();
  const { importTemplate } = await import("~/server/services/templates/import-template");
  const { organizationId, userId } = context;
  await importTemplate({ organizationId, createdByUserId: userId, definition: template.definition });
  const model = (await call("POST", "/models", { name: "Languages bench", templateId: template.definition.id })) as { id: string };
  const [defaultLanguage, ...others] = LANGUAGES;
  await call("PATCH", `/models/${model.id}/data-values`, values(template, [defaultLanguage]).multilingual);
  const added = values(template, others);
  await call("POST", `/models/${model.id}/data-values`, [...added.multilingual, ...added.rows]);
  const read = (await call("GET", `/models/${model.id}`)) as { uniqueProductIdentifiers: { uuid: string }[] };
  const uuid = read.uniqueProductIdentifiers[0]?.uuid as string;
  const german = { "accept-language": "de-AT,de;q=0.9,en;q=0.5" };
  const pairs: [Target, Target][] = [
    [
      { name: "passport JSON, no language asked (en)", path: `/api/product-passports/${uuid}`, headers: {}, expect: "en" },
      { name: "passport JSON, Accept-Language de-AT (de)", path: `/api/product-passports/${uuid}`, headers: german, expect: "de" },
    ],
    [
      { name: "passport JSON, no language asked (en)", path: `/api/product-passports/${uuid}`, headers: {}, expect: "en" },
      { name: "passport JSON, ?lang=fr", path: `/api/product-passports/${uuid}?lang=fr`, headers: {}, expect: "fr" },
    ],
    [
      { name: "page /p/{uuid}, no language asked (en)", path: `/p/${uuid}`, headers: {}, expect: "en" },
      { name: "page /p/{uuid}, Accept-Language de-AT (de)", path: `/p/${uuid}`, headers: german, expect: "de" },
    ],
  ];
  const load = async (target: Target) => {
    const result = await autocannon({ url: `${origin}${target.path}`, connections, duration: durationS, headers: target.headers });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };
  const rows = [];
  for (const [plain, negotiated] of pairs) {
    for (const target of [plain, negotiated]) {
      await assertLanguage(origin, target);
      // Warm: the route's code loads on its first request, and the passport cache fills per language.
      for (let warmUp = 0; warmUp < 20; warmUp++)
        await fetch(`${origin}${target.path}`, { headers: target.headers }).then((r) => r.arrayBuffer());
    }
    const before = await load(plain);
    const asked = await load(negotiated);
    rows.push({
      name: negotiated.name,
      baseline: plain.name,
      plainRequestsPerSecond: before.requests.average,
      negotiatedRequestsPerSecond: asked.requests.average,
      ratio: asked.requests.average / before.requests.average,
      plainP50Ms: before.latency.p50,
      negotiatedP50Ms: asked.latency.p50,
    });
  }
  console.log(
    `\n| anonymous read (${connections} connections, ${durationS} s each) | no language asked req/s | negotiated req/s | negotiated ÷ plain (target ≥ 0.9) | plain p50 | negotiated p50 |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.plainRequestsPerSecond.toFixed(0)} | ${row.negotiatedRequestsPerSecond.toFixed(0)} | ${row.ratio.toFixed(2)} | ${row.plainP50Ms} | ${row.negotiatedP50Ms} |`,
    );
  }
  return rows;
}
