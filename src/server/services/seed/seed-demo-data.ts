import batteryPassport from "../../../../prisma/seed/battery-passport.json";
import laptop from "../../../../prisma/seed/laptop.json";
import productDataModels from "../../../../prisma/seed/product-data-models.json";
import textile from "../../../../prisma/seed/textile.json";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { withSetupLock } from "~/server/db/setup-lock";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { importProductDataModel } from "~/server/services/product-data-models/import-product-data-model";
import { importTemplate } from "~/server/services/templates/import-template";
import { seedAnnexXiiiDemoPassport } from "~/server/services/seed/internal/annex-xiii-demo-passport";
import {
  annexXiiiProductDataModel,
  annexXiiiTemplate,
  idtaBatteryTemplate,
} from "~/server/services/seed/internal/idta-battery-passport";

export const DEMO_USER = { email: "demo@passport.studio", password: "passport-demo", name: "Demo User" } as const;
export const DEMO_ORGANIZATION = { id: "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30", name: "Demo Manufacturing" } as const;
export const DEMO_SEED = "demo";

// The IDTA battery passports are composed from prisma/seed/idta/ when a seed runs, not when this module loads.
const templateDefinitions = () => [batteryPassport, laptop, textile, idtaBatteryTemplate(), annexXiiiTemplate()];
const productDataModelDefinitions = () => [...productDataModels, annexXiiiProductDataModel()];
const DEMO_KEY_NAME = "Demo key";

export type SeedStep = "user" | "organization" | "templates" | "product-data-models" | "passport" | "api-key";

export type SeedDemoDataOptions = {
  /** Called after each step has been written; the tests stop a process there to prove a later run finishes. */
  onStepDone?: (step: SeedStep) => Promise<void> | void;
};

export type SeedResult = {
  user: { id: string; email: string; password: string };
  organization: { id: string; name: string };
  apiKey: { id: string; token: string } | null;
  templates: { id: string; name: string }[];
  productDataModels: { id: string; name: string; visibility: string }[];
  created: boolean;
};

/**
 * The demo an operator sees on first start. Sign-up and key creation go through better-auth, which cannot join a
 * transaction of ours, so the seed is a sequence of steps, each atomic and idempotent (every piece is looked up by
 * its fixed id or email first), recorded in `_seed_state`: the row is written before the first step and completed
 * after the last. Running it again creates only what is missing, so a run after a crash finishes the demo; a
 * completed seed run again creates nothing and prints no new API key. It runs under the database's setup lock, as
 * migrations do (src/server/db/setup-lock.ts).
 */
export async function seedDemoData(options: SeedDemoDataOptions = {}): Promise<SeedResult> {
  return withSetupLock(databaseUrl(), () => runDemoSeed(options));
}

/**
 * The seed, only when `isNeeded` says so; the question is asked under the same lock as the seed, so of several app
 * servers starting at once on one fresh database the first seeds and the others find the seed done (issue 19 #6:
 * without the lock they raced on the demo user's unique email).
 */
export async function seedDemoDataIfNeeded(
  isNeeded: () => Promise<boolean>,
  options: SeedDemoDataOptions = {},
): Promise<SeedResult | null> {
  return withSetupLock(databaseUrl(), async () => ((await isNeeded()) ? runDemoSeed(options) : null));
}

/** The URL the process's Prisma client uses: the setup lock must be taken on the same database. */
function databaseUrl(): string {
  const url = getConfig().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the seed needs the database it seeds.");
  return url;
}

async function runDemoSeed({ onStepDone }: SeedDemoDataOptions): Promise<SeedResult> {
  const db = getDb();
  const state = await db.seedState.upsert({
    where: { name: DEMO_SEED },
    create: { name: DEMO_SEED },
    update: {},
    select: { completedAt: true },
  });
  const isUnfinished = state.completedAt === null;
  let created = false;

  let user = await findDemoUser(isUnfinished);
  if (!user) {
    user = await createUser({ ...DEMO_USER });
    created = true;
  }
  await onStepDone?.("user");

  const [organization] = await db.$transaction([
    db.organization.upsert({
      where: { id: DEMO_ORGANIZATION.id },
      create: { ...DEMO_ORGANIZATION, slug: "demo-manufacturing" },
      update: {},
      select: { id: true, name: true },
    }),
    db.member.createMany({
      data: [{ id: crypto.randomUUID(), organizationId: DEMO_ORGANIZATION.id, userId: user.id, role: "owner" }],
      skipDuplicates: true,
    }),
  ]);
  await onStepDone?.("organization");

  const templates = [];
  for (const definition of templateDefinitions()) {
    if (!(await db.template.findUnique({ where: { id: definition.id }, select: { id: true } }))) {
      await importTemplate({ organizationId: organization.id, createdByUserId: user.id, definition });
      created = true;
    }
    templates.push({ id: definition.id, name: definition.name });
  }
  await onStepDone?.("templates");

  const pdms = [];
  for (const definition of productDataModelDefinitions()) {
    if (!(await db.productDataModel.findUnique({ where: { id: definition.id }, select: { id: true } }))) {
      await importProductDataModel({ organizationId: organization.id, createdByUserId: user.id, definition });
      created = true;
    }
    pdms.push({ id: definition.id, name: definition.name, visibility: definition.visibility });
  }
  await onStepDone?.("product-data-models");

  const annexXiii = annexXiiiTemplate();
  const owner = {
    userId: user.id,
    organizationIds: [organization.id],
    roles: { [organization.id]: "owner" as const },
    via: "session" as const,
  };
  if (
    await seedAnnexXiiiDemoPassport({
      actor: owner,
      organizationId: organization.id,
      templateId: annexXiii.id,
      sections: annexXiii.sections,
    })
  )
    created = true;
  await onStepDone?.("passport");

  // Last, so that the key is shown by the run that completes the seed: a key left by an unfinished run was never
  // shown to anyone, and is replaced.
  let apiKey: SeedResult["apiKey"] = null;
  if (isUnfinished) await db.apikey.deleteMany({ where: { referenceId: user.id, name: DEMO_KEY_NAME } });
  if ((await db.apikey.count({ where: { referenceId: user.id } })) === 0) {
    const key = await createApiKey({ userId: user.id, organizationId: organization.id, name: DEMO_KEY_NAME });
    apiKey = { id: key.id, token: key.token };
    created = true;
  }
  await onStepDone?.("api-key");

  if (isUnfinished) await db.seedState.update({ where: { name: DEMO_SEED }, data: { completedAt: new Date() } });

  return {
    user: { id: user.id, email: user.email, password: DEMO_USER.password },
    organization,
    apiKey,
    templates,
    productDataModels: pdms,
    created,
  };
}

/**
 * The demo user, if complete. better-auth writes the user and its password account one after the other, not in a
 * transaction, so an unfinished seed may have left the user without a way to sign in; it is removed and created
 * again (nothing else of the demo can refer to it yet, since every later step needs the user).
 */
async function findDemoUser(isUnfinished: boolean): Promise<{ id: string; email: string } | null> {
  const db = getDb();
  const user = await db.user.findUnique({
    where: { email: DEMO_USER.email },
    select: { id: true, email: true, _count: { select: { accounts: true } } },
  });
  if (!user) return null;
  if (isUnfinished && user._count.accounts === 0) {
    await db.user.delete({ where: { id: user.id } });
    return null;
  }
  return { id: user.id, email: user.email };
}
