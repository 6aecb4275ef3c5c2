import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { readBodyText } from "~/server/rest/read-json-body";

/** A request whose body stream fails after `sent`, as Node's does when the client closes the connection early. */
function requestFailingWith(error: Error, sent = "[{"): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(sent));
      controller.error(error);
    },
  });
  return new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readBodyText", () => {
  it("reads the whole body", async () => {
    const request = new Request("http://localhost/api/x", { method: "POST", body: '{"a":1}' });
    await expect(readBodyText(request, 100)).resolves.toBe('{"a":1}');
  });

  it("refuses a body past the limit with 413", async () => {
    const request = new Request("http://localhost/api/x", { method: "POST", body: "x".repeat(101) });
    await expect(readBodyText(request, 100)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers a body cut off by the client closing the connection with a 400, not an unexpected error", async () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const failure = await readBodyText(requestFailingWith(aborted), 100).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("ended early") });
  });

  it("lets any other stream failure through as unexpected", async () => {
    const failure = await readBodyText(requestFailingWith(new Error("disk on fire")), 100).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ message: "disk on fire" });
  });
});
