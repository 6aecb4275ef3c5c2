import pg from "pg";
import { createFreshPostgresDatabase } from "../support/fresh-postgres-database";
import { useDatabase } from "./prepare-load-run";
import { createScaleWorld, grow, LARGE } from "./bench-scale";

process.env.BETTER_AUTH_SECRET ??= "load-run-secret-0123456789abcdef0123456789";
const { url } = await createFreshPostgresDatabase("postgresql://postgres@127.0.0.1:5432/postgres", "passport_scale_explore");
await useDatabase(url);
const world = await createScaleWorld();
const client = new pg.Client({ connectionString: url });
await client.connect();
const modelId = crypto.randomUUID();
await client.query(
  `INSERT INTO "model" ("id","organizationId","name","templateId","ownerId","updatedAt","gtin") VALUES ($1,$2,'Scale',$3,$4,now(),'09506000134352')`,
  [modelId, world.organizationId, world.templateId, world.userId],
);
const grown = { items: 0, organizations: 1 };
await grow(client, world, modelId, grown, LARGE);
console.log(JSON.stringify({ url, modelId, ...world }));
await client.end();
process.exit(0);
