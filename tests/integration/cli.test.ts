import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli as runCliCommand } from "~/cli/run";
import { getDb } from "~/server/db/client";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { createUser } from "~/server/services/identity/create-user";
import { inviteMember } from "~/server/services/invitations/invite-member";
import { createFreshDatabase, withClient } from "./support/fresh-database";
import { api } from "./support/http";
import { REPO_ROOT, runCli, type CliRun } from "./support/processes";
import { createWorld } from "./support/world";

/**
 * The operator CLI (README, Operator CLI) as an operator runs it: a separate process, JSON on stdout, one clear line on
 * stderr and a non-zero exit on error. Each spawn costs seconds (about 2 s of CPU to load the app's modules through
 * tsx), so the process itself is started for a few commands of each kind — a success, a refusal of bad input (2) and
 * of a missing thing (1), the seed on a database of its own, the embedded database in DATA_DIR — and the others run
 * in this process through what main.ts runs (`runCli` of src/cli/run.ts: the same parsing, database attachment,
 * output and exit code, written to strings), on the same database. Commands that do not depend on each other run
 * side by side and each test groups many assertions.
 */

const databaseUrl = inject("databaseUrl");
const shared = { databaseUrl };

/** A command run in this process on the run's database (what main.ts runs, its streams as strings): a CliRun. */
async function inProcess(args: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCliCommand(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "passport-cli-"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The command's JSON result, after checking that it succeeded and printed nothing but that JSON, on stdout. */
function resultOf<T>(run: CliRun, label: string): T {
  expect(run.code, `${label} failed:\n${run.stderr}`).toBe(0);
  expect(() => JSON.parse(run.stdout) as unknown, `${label} stdout is not JSON:\n${run.stdout}`).not.toThrow();
  expect(run.stderr, `${label} stderr`).toBe("");
  return JSON.parse(run.stdout) as T;
}

/** Checks a refused command: non-zero exit, nothing on stdout, a first stderr line saying what went wrong. */
function expectRefused(run: CliRun, firstLine: RegExp, label: string): string[] {
  expect(run.code, `${label} should fail; stdout:\n${run.stdout}`).not.toBe(0);
  expect(run.code, label).not.toBeNull();
  expect(run.stdout, label).toBe("");
  const lines = run.stderr.split("\n").filter(Boolean);
  expect(lines[0], `${label} stderr:\n${run.stderr}`).toMatch(/^Error: /);
  expect(lines[0], `${label} stderr:\n${run.stderr}`).toMatch(firstLine);
  // One readable message, not a stack trace.
  expect(run.stderr, label).not.toMatch(/^\s+at /m);
  return lines;
}

async function laptopCopy(): Promise<string> {
  const laptop = JSON.parse(await readFile(path.join(REPO_ROOT, "prisma/seed/laptop.json"), "utf8")) as Record<string, unknown>;
  delete laptop.id;
  const file = path.join(workDir, `laptop-${crypto.randomUUID()}.json`);
  await writeFile(file, JSON.stringify(laptop));
  return file;
}

async function productDataModelCopy(): Promise<string> {
  const [first] = JSON.parse(await readFile(path.join(REPO_ROOT, "prisma/seed/product-data-models.json"), "utf8")) as Record<
    string,
    unknown
  >[];
  const file = path.join(workDir, `pdm-${crypto.randomUUID()}.json`);
  // A new id, and the file's own visibility (Public) is overridden by --visibility.
  await writeFile(file, JSON.stringify({ ...first, id: crypto.randomUUID(), visibility: "Public" }));
  return file;
}

describe("the operator CLI", () => {
  it("creates an organization, a user, a membership, an API key that works and is revoked, and imports", async () => {
    const unique = crypto.randomUUID();
    const email = `Cli-${unique}@Test.Example`;
    const [orgRun, userRun] = await Promise.all([
      runCli(["org:create", "--name", `CLI org ${unique}`], shared),
      runCli(["user:create", "--email", email, "--password", "cli-password-1", "--name", "CLI User"], shared),
    ]);
    const org = resultOf<{ id: string; name: string }>(orgRun, "org:create");
    expect(org).toEqual({ id: expect.stringMatching(UUID), name: `CLI org ${unique}` });
    const user = resultOf<{ id: string; email: string }>(userRun, "user:create");
    expect(user).toEqual({ id: expect.any(String), email: email.toLowerCase() });
    // The operator vouches for the address: it needs no verification mail.
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBe(true);

    const [memberRun, keyRun] = await Promise.all([
      inProcess(["member:add", "--org", org.id, "--user", email]),
      inProcess(["apikey:create", "--user", user.id, "--org", org.id, "--name", "CLI key", "--expires", "2999-12-31"]),
    ]);
    // Without --role, an editor.
    expect(resultOf(memberRun, "member:add")).toEqual({ organizationId: org.id, userId: user.id, role: "editor" });
    const key = resultOf<{ id: string; token: string }>(keyRun, "apikey:create");
    expect(key).toEqual({
      id: expect.any(String),
      token: expect.any(String),
      organizationId: org.id,
      // Without --scope, what every key could do before scopes.
      scope: "write",
      expiresAt: "2999-12-31T23:59:59.999Z",
    });
    expect((await getDb().apikey.findUniqueOrThrow({ where: { id: key.id } })).key).not.toBe(key.token);

    // Without SMTP_URL, invite:list is how an operator passes on an invitation's link.
    const invitation = await inviteMember({
      actor: { userId: user.id, organizationIds: [org.id], roles: { [org.id]: "owner" as const }, via: "session" },
      organizationId: org.id,
      email: `invitee-${unique}@test.example`,
    });
    const invitations = resultOf<{ id: string; email: string; link: string }[]>(
      await inProcess(["invite:list", "--org", org.id]),
      "invite:list",
    );
    expect(invitations).toEqual([expect.objectContaining({ id: invitation.id, email: invitation.email })]);
    expect(invitations[0]?.link).toMatch(new RegExp(`^https?://[^/]+/invitations/${invitation.id}$`));

    const [laptopFile, pdmFile] = await Promise.all([laptopCopy(), productDataModelCopy()]);
    const [templateRun, pdmRun] = await Promise.all([
      inProcess(["template:import", "--org", org.id, "--file", laptopFile]),
      inProcess(["pdm:import", "--org", org.id, "--file", pdmFile, "--visibility", "Private"]),
    ]);
    const template = resultOf<{ id: string }>(templateRun, "template:import");
    expect(template).toEqual({ id: expect.stringMatching(UUID) });
    const pdm = resultOf<{ id: string }>(pdmRun, "pdm:import");
    expect(pdm).toEqual({ id: expect.stringMatching(UUID) });
    const storedPdm = await getDb().productDataModel.findUniqueOrThrow({ where: { id: pdm.id } });
    expect(storedPdm).toMatchObject({ organizationId: org.id, visibility: "Private", createdByUserId: user.id });

    // The key acts for its user, who is now a member: the REST API lists the imported template with it.
    const listed = await api<{ id: string; name: string }[]>("GET", `/api/organizations/${org.id}/templates`, {
      token: key.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.map((t) => t.id)).toEqual([template.id]);
    expect(listed.body[0]?.name).toBe("Laptop product passport");

    const revokeRun = await inProcess(["apikey:revoke", "--id", key.id]);
    const revoked = resultOf<{ id: string; revokedAt: string }>(revokeRun, "apikey:revoke");
    expect(revoked).toEqual({ id: key.id, revokedAt: expect.any(String) });
    expect(new Date(revoked.revokedAt).toISOString()).toBe(revoked.revokedAt);
    const afterRevoke = await api("GET", `/api/organizations/${org.id}/templates`, { token: key.token });
    expect(afterRevoke.status).toBe(401);
  }, 300_000);

  it("adds a member with a role, gives a key a scope, changes the role, suspends, reinstates and removes; the last owner stays", async () => {
    const world = await createWorld("cli-roles");
    const email = `cli-role-${crypto.randomUUID()}@test.example`;
    const user = await createUser({ email, password: "cli-password-1" });
    const org = world.organization.id;
    expect(resultOf(await inProcess(["member:add", "--org", org, "--user", email, "--role", "viewer"]), "member:add")).toEqual({
      organizationId: org,
      userId: user.id,
      role: "viewer",
    });
    const [keyRun, roleRun] = await Promise.all([
      inProcess(["apikey:create", "--user", email, "--org", org, "--scope", "read"]),
      inProcess(["member:role", "--org", org, "--user", email, "--role", "admin"]),
    ]);
    const key = resultOf<{ token: string; scope: string }>(keyRun, "apikey:create");
    expect(key.scope).toBe("read");
    expect(resultOf(roleRun, "member:role")).toMatchObject({ userId: user.id, role: "admin", suspendedAt: null });
    // A read key of an admin reads, and writes nothing (403 naming the scope).
    const models = `/api/organizations/${org}/models`;
    expect((await api("GET", models, { token: key.token })).status).toBe(200);
    const write = await api<{ message: string }>("POST", models, {
      token: key.token,
      body: { name: "x", templateId: world.template.id },
    });
    expect(write.status).toBe(403);
    expect(write.body.message).toMatch(/write scope/);

    const suspended = resultOf<{ suspendedAt: string | null }>(
      await inProcess(["member:suspend", "--org", org, "--user", user.id]),
      "member:suspend",
    );
    expect(suspended.suspendedAt).toEqual(expect.any(String));
    expect((await api("GET", models, { token: key.token })).status).toBe(401);
    const reinstated = resultOf(await inProcess(["member:reinstate", "--org", org, "--user", email]), "member:reinstate");
    expect(reinstated).toMatchObject({ userId: user.id, role: "admin", suspendedAt: null });
    // The key the suspension revoked stays revoked: a reinstated member makes new keys.
    expect((await api("GET", models, { token: key.token })).status).toBe(401);
    expect(resultOf(await inProcess(["member:remove", "--org", org, "--user", email]), "member:remove")).toEqual({
      organizationId: org,
      userId: user.id,
      removed: true,
    });
    expect(await getDb().member.count({ where: { organizationId: org, userId: user.id } })).toBe(0);
    expect(await getDb().user.count({ where: { id: user.id } })).toBe(1);

    const [lastOwner, badRole] = await Promise.all([
      inProcess(["member:remove", "--org", org, "--user", world.user.email]),
      inProcess(["member:add", "--org", org, "--user", email, "--role", "boss"]),
    ]);
    expectRefused(lastOwner, /last owner/, "last owner");
    expectRefused(badRole, /Invalid arguments/, "unknown role");
    expect(await getDb().member.findMany({ where: { organizationId: org }, select: { userId: true, role: true } })).toEqual([
      { userId: world.user.id, role: "owner" },
    ]);
  }, 300_000);

  it("refuses bad input with one clear line on stderr, a non-zero exit, and writes nothing", async () => {
    const world = await createWorld("cli-errors");
    const orgId = world.organization.id;
    const unique = crypto.randomUUID();
    const invalidTemplate = path.join(workDir, `invalid-${unique}.json`);
    await writeFile(
      invalidTemplate,
      JSON.stringify({
        name: "",
        sectors: "Batteries",
        sections: [
          {
            id: "not-a-uuid",
            name: "General",
            type: "Bogus",
            dataFields: [{ id: crypto.randomUUID(), name: "F", type: "NoSuchField" }],
          },
        ],
      }),
    );
    const notJson = path.join(workDir, `not-json-${unique}.json`);
    await writeFile(notJson, "{ this is not json");
    const missingFile = path.join(workDir, `missing-${unique}.json`);

    const db = getDb();
    const snapshot = async () => ({
      organizations: await db.organization.count({ where: { name: { contains: unique } } }),
      users: await db.user.count({ where: { email: { contains: unique } } }),
      members: await db.member.count({ where: { organizationId: orgId } }),
      templates: await db.template.count({ where: { organizationId: orgId } }),
      productDataModels: await db.productDataModel.count({ where: { organizationId: orgId } }),
      apikeys: await db.apikey.count({ where: { referenceId: world.user.id } }),
      enabledKeys: await db.apikey.count({ where: { referenceId: world.user.id, enabled: true } }),
    });
    const before = await snapshot();

    const cases: [string, string[], RegExp][] = [
      ["unknown command", ["org:delete", "--name", `x ${unique}`], /Unknown command "org:delete"/],
      ["missing flag", ["user:create", "--email", `missing-${unique}@test.example`], /Invalid arguments/],
      ["unknown flag", ["org:create", "--name", `x ${unique}`, "--colour", "red"], /Unknown option '--colour'/],
      ["unknown user", ["member:add", "--org", orgId, "--user", `nobody-${unique}@test.example`], /No user/],
      ["unknown organization", ["member:add", "--org", crypto.randomUUID(), "--user", world.user.email], /No organization/],
      ["key without organization", ["apikey:create", "--user", world.user.email], /Invalid arguments/],
      ["key for no organization", ["apikey:create", "--user", world.user.email, "--org", crypto.randomUUID()], /No organization/],
      [
        "key expired at once",
        ["apikey:create", "--user", world.user.email, "--org", orgId, "--expires", "2001-01-01"],
        /Invalid arguments/,
      ],
      ["invalid template", ["template:import", "--org", orgId, "--file", invalidTemplate], /invalid/i],
      ["not JSON", ["pdm:import", "--org", orgId, "--file", notJson, "--visibility", "Public"], /not valid JSON/],
      ["unreadable file", ["template:import", "--org", orgId, "--file", missingFile], /Cannot read/],
    ];
    // A refusal of bad input (2) and of a missing thing (1) from the process itself; the others in this process.
    const spawned = new Set(["unknown flag", "unknown user"]);
    const runs = await inBatches(
      cases.map(
        ([label, args]) =>
          () =>
            spawned.has(label) ? runCli(args, shared) : inProcess(args),
      ),
      4,
    );
    const stderrOf = new Map<string, string[]>();
    cases.forEach(([label, , firstLine], i) => stderrOf.set(label, expectRefused(runs[i] as CliRun, firstLine, label)));

    // The usage errors name what is wrong and how to call the command.
    expect(stderrOf.get("unknown command")?.join("\n")).toContain("org:create --name N");
    expect(stderrOf.get("missing flag")?.join("\n")).toMatch(/--password/);
    expect(stderrOf.get("key without organization")?.join("\n")).toMatch(/--org/);
    expect(stderrOf.get("key expired at once")?.join("\n")).toMatch(/future/);
    expect(stderrOf.get("unknown flag")?.join("\n")).toContain("Usage: org:create --name N");
    // Every problem of the template is listed, one per line, and the first line counts them.
    const [first, ...problems] = stderrOf.get("invalid template") ?? [];
    const count = Number(/\((\d+) problems?\)/.exec(first ?? "")?.[1]);
    expect(count, first).toBeGreaterThanOrEqual(5);
    expect(problems).toHaveLength(count);
    for (const problemPath of ["$.name", "$.sectors", "$.sections[0].id", "$.sections[0].type", "$.sections[0].dataFields[0].type"]) {
      expect(
        problems.some((line) => line.trim().startsWith(`${problemPath}: `)),
        `lists ${problemPath}`,
      ).toBe(true);
    }
    // Bad input exits with 2, a missing thing with 1 (src/cli/run.ts).
    expect(runs[cases.findIndex(([label]) => label === "unknown flag")]?.code).toBe(2);
    expect(runs[cases.findIndex(([label]) => label === "invalid template")]?.code).toBe(2);
    expect(runs[cases.findIndex(([label]) => label === "unknown user")]?.code).toBe(1);

    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it("seeds the demo data once: a second run creates nothing and shows no new key", async () => {
    const fresh = await createFreshDatabase();
    try {
      const counts = () =>
        withClient(fresh.url, async (client) => {
          const tables = ["user", "account", "organization", "member", "apikey", "template", "product_data_model"];
          const result: Record<string, number> = {};
          for (const table of tables) {
            const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
            result[table] = rows[0]?.n ?? -1;
          }
          return result;
        });

      type Seed = {
        user: { id: string; email: string; password: string };
        organization: { id: string; name: string };
        apiKey: { id: string; token: string } | null;
        templates: { id: string; name: string }[];
        productDataModels: { id: string; name: string; visibility: string }[];
        created: boolean;
      };
      const first = resultOf<Seed>(await runCli(["seed"], { databaseUrl: fresh.url }), "first seed");
      expect(first.created).toBe(true);
      expect(first.apiKey).toEqual({ id: expect.any(String), token: expect.any(String) });
      expect(first.user.email).toBe("demo@passport.studio");
      expect(first.templates.length).toBeGreaterThan(0);
      expect(first.productDataModels.length).toBeGreaterThan(0);
      const afterFirst = await counts();
      expect(afterFirst).toMatchObject({
        user: 1,
        organization: 1,
        member: 1,
        apikey: 1,
        template: first.templates.length,
        product_data_model: first.productDataModels.length,
      });

      const second = resultOf<Seed>(await runCli(["seed"], { databaseUrl: fresh.url }), "second seed");
      expect(second.created).toBe(false);
      expect(second.apiKey).toBeNull();
      expect({ ...second, apiKey: undefined }).toEqual({ ...first, apiKey: undefined, created: false });
      expect(await counts()).toEqual(afterFirst);
    } finally {
      await fresh.drop();
    }
  }, 300_000);

  it("without DATABASE_URL opens the embedded database in DATA_DIR itself, migrates it and releases it", async () => {
    const dataDir = path.join(workDir, `data-${crypto.randomUUID()}`);
    const name = `Embedded org ${crypto.randomUUID()}`;
    const org = resultOf<{ id: string; name: string }>(await runCli(["org:create", "--name", name], { dataDir }), "org:create");
    expect(org.name).toBe(name);
    // Released: no server.json left behind for a later process to trip over.
    await expect(stat(path.join(dataDir, "server.json"))).rejects.toThrow(/ENOENT/);

    const server = await startEmbeddedServer({ dataDir });
    try {
      const rows = await withClient(server.url, async (client) => {
        const found = await client.query<{ name: string }>(`SELECT name FROM organization WHERE id = $1`, [org.id]);
        return found.rows;
      });
      expect(rows).toEqual([{ name }]);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

/** Runs the tasks at most `size` at a time (a dozen CLI processes at once would only fight over the CPU). */
async function inBatches<T>(tasks: (() => Promise<T>)[], size: number): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += size) {
    results.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))));
  }
  return results;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
