import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as dataValuesRoute from "~/app/api/organizations/[orgaId]/models/[modelId]/data-values/route";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";
import { getConfig } from "~/server/config";
import { postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { createWorld, type World } from "./support/world";

/**
 * The large-body gate's one slot (src/server/rest/large-body-gate.ts) is taken only by an authenticated caller past
 * the route's checks, for at most BODY_READ_TIMEOUT_SECONDS: an anonymous slow upload does not make a member's large
 * write wait, and a member's slow upload makes it wait no longer than the deadline.
 */

const ORIGIN = "http://localhost:3000";
let member: World;
let colleague: World;
const restoreTimeout = getConfig().BODY_READ_TIMEOUT_SECONDS;

beforeAll(async () => {
  member = await createWorld("gate-member");
  colleague = await createWorld("gate-colleague");
});
afterEach(() => {
  getConfig().BODY_READ_TIMEOUT_SECONDS = restoreTimeout;
});

/** A body of unknown length that trickles a byte every 50 ms until `stop()`: a slow upload. */
function tricklingBody() {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("["));
      timer = setInterval(() => {
        if (stopped) {
          clearInterval(timer);
          controller.enqueue(new TextEncoder().encode("]"));
          controller.close();
        } else controller.enqueue(new TextEncoder().encode(" "));
      }, 50);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return { stream, stop: () => (stopped = true) };
}

function streamed(url: string, stream: ReadableStream<Uint8Array>, token?: string): Request {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN });
  if (token) headers.set("api_token", token);
  return new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
}

/** A large write of a member, of unknown length (so it needs the slot): how long it takes. */
async function timedLargeWrite(world: World): Promise<number> {
  const started = performance.now();
  await postModel(world);
  return performance.now() - started;
}

describe("the large-body slot", () => {
  it("is not taken by an anonymous slow upload: a member's large write does not wait for it", async () => {
    const upload = tricklingBody();
    const anonymous = trpcRoute.POST(streamed(`${ORIGIN}/api/trpc/models.create`, upload.stream));
    // Give the upload time to take the slot, if it could.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopLater = setTimeout(upload.stop, 8_000);
    const waited = await timedLargeWrite(member);
    clearTimeout(stopLater);
    upload.stop();
    console.info(`[large-body-gate] member's write during an anonymous slow upload took ${Math.round(waited)} ms`);
    expect(waited).toBeLessThan(4_000);
    expect((await anonymous).status).toBeLessThan(500);
  });

  it("is held by a member's slow upload only until its read deadline (408); the next member then goes", async () => {
    getConfig().BODY_READ_TIMEOUT_SECONDS = 1;
    const model = await postModel(member);
    const upload = tricklingBody();
    const url = `${ORIGIN}/api/organizations/${member.organization.id}/models/${model.id}/data-values`;
    const params = { params: Promise.resolve({ orgaId: member.organization.id, modelId: model.id }) };
    const slow = dataValuesRoute.POST(streamed(url, upload.stream, member.token), params);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waited = await timedLargeWrite(colleague);
    upload.stop();
    console.info(`[large-body-gate] write behind a member's slow upload (deadline 1 s) took ${Math.round(waited)} ms`);
    expect(waited).toBeLessThan(3_000);
    const answer = await slow;
    expectError({ status: answer.status, headers: answer.headers, body: (await answer.json()) as unknown }, 408);
  });
});
