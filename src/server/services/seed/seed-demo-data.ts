import batteryPassport from "../../../../prisma/seed/battery-passport.json";
import laptop from "../../../../prisma/seed/laptop.json";
import productDataModels from "../../../../prisma/seed/product-data-models.json";
import textile from "../../../../prisma/seed/textile.json";
import { getDb } from "~/server/db/client";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { importProductDataModel } from "~/server/services/product-data-models/import-product-data-model";
import { importTemplate } from "~/server/services/templates/import-template";

export const DEMO_USER = { email: "demo@passport.studio", password: "passport-demo", name: "Demo User" } as const;
export const DEMO_ORGANIZATION = { id: "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30", name: "Demo Manufacturing" } as const;

const TEMPLATES = [batteryPassport, laptop, textile];

export type SeedResult = {
  user: { id: string; email: string; password: string };
  organization: { id: string; name: string };
  apiKey: { id: string; token: string } | null;
  templates: { id: string; name: string }[];
  productDataModels: { id: string; name: string; visibility: string }[];
  created: boolean;
};

/**
 * The demo an operator sees on first start. Idempotent: every piece is looked up by its fixed id or email first,
 * so running it again creates only what is missing (and prints no new API key when one already exists).
 */
export async function seedDemoData(): Promise<SeedResult> {
  const db = getDb();
  let created = false;

  let user = await db.user.findUnique({ where: { email: DEMO_USER.email }, select: { id: true, email: true } });
  if (!user) {
    user = await createUser({ ...DEMO_USER });
    created = true;
  }

  const organization = await db.organization.upsert({
    where: { id: DEMO_ORGANIZATION.id },
    create: { ...DEMO_ORGANIZATION, slug: "demo-manufacturing" },
    update: {},
    select: { id: true, name: true },
  });
  await db.member.createMany({
    data: [{ id: crypto.randomUUID(), organizationId: organization.id, userId: user.id, role: "owner" }],
    skipDuplicates: true,
  });

  let apiKey: SeedResult["apiKey"] = null;
  if ((await db.apikey.count({ where: { referenceId: user.id } })) === 0) {
    const key = await createApiKey({ userId: user.id, organizationId: organization.id, name: "Demo key" });
    apiKey = { id: key.id, token: key.token };
    created = true;
  }

  const templates = [];
  for (const definition of TEMPLATES) {
    if (!(await db.template.findUnique({ where: { id: definition.id }, select: { id: true } }))) {
      await importTemplate({ organizationId: organization.id, createdByUserId: user.id, definition });
      created = true;
    }
    templates.push({ id: definition.id, name: definition.name });
  }

  const pdms = [];
  for (const definition of productDataModels) {
    if (!(await db.productDataModel.findUnique({ where: { id: definition.id }, select: { id: true } }))) {
      await importProductDataModel({ organizationId: organization.id, createdByUserId: user.id, definition });
      created = true;
    }
    pdms.push({ id: definition.id, name: definition.name, visibility: definition.visibility });
  }

  return {
    user: { id: user.id, email: user.email, password: DEMO_USER.password },
    organization,
    apiKey,
    templates,
    productDataModels: pdms,
    created,
  };
}
