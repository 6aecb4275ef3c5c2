import { beforeAll, describe, expect, it } from "vitest";
import * as dataValuesRoute from "~/app/api/organizations/[orgaId]/models/[modelId]/data-values/route";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { expectModel } from "./support/contract";
import { api } from "./support/http";
import { countingBody, largestInvalidBody, streamedRequest } from "./support/streamed-body";
import { createWorld, type World } from "./support/world";

/**
 * Forty of the largest invalid bodies at once leave the server up with bounded memory (docs/security.md). The
 * bodies are refused before any value reaches the database, so this file runs on one database only
 * (vitest.config.ts, DATABASE_AGNOSTIC): on both it was CI's slowest file twice over.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("flood");
});

describe("many huge bodies at once", () => {
  it("forty parallel requests with the largest invalid body leave the server up with bounded memory", async () => {
    const model = await postModel(world);
    const bytes = largestInvalidBody();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const { stream } = countingBody(bytes);
        const response = await dataValuesRoute.POST(
          streamedRequest("POST", dataValuesPath(world, model.id), stream, bytes.length, world.token),
          { params: Promise.resolve({ orgaId: world.organization.id, modelId: model.id }) },
        );
        return { status: response.status, size: (await response.text()).length };
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const mib = (n: number) => Math.round(n / 2 ** 20);
    console.info(
      `[request-bounds] 40 × ${mib(bytes.length)} MiB invalid bodies: ${seconds.toFixed(1)} s, ` +
        `RSS ${mib(before)} → peak ${mib(peak)} MiB (+${mib(peak - before)} MiB)`,
    );
    // 16 million elements are more data values than a request may carry: 413, each answer a few hundred bytes.
    for (const { status, size } of responses) {
      expect(status).toBe(413);
      expect(size).toBeLessThan(1_000);
    }
    // Before the limits, one such body ran the process out of memory; the garbage collector's timing makes the
    // figure vary by a few hundred MiB from run to run.
    expect(peak - before).toBeLessThan(2 * 2 ** 30);
    expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
  }, 600_000);
});
