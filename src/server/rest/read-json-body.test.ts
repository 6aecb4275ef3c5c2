import fc from "fast-check";
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

describe("readBodyText's checks", () => {
  it("refuses invalid UTF-8 with 400 instead of storing U+FFFD", async () => {
    const bytes = new Uint8Array([0x22, 0x61, 0xff, 0xfe, 0x22]); // "a\xff\xfe"
    const request = new Request("http://localhost/api/x", { method: "POST", body: bytes });
    await expect(readBodyText(request, 100)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("UTF-8") });
  });

  it("refuses a truncated multi-byte sequence at the end", async () => {
    const request = new Request("http://localhost/api/x", { method: "POST", body: new Uint8Array([0x22, 0xe2, 0x82]) });
    await expect(readBodyText(request, 100)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("reads any bytes as a strict UTF-8 decoder does: the same text, or 400 where it refuses them", async () => {
    const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    // Mostly ASCII (the fast path), with any byte among it: multi-byte sequences, stray continuations, 0x80–0xff, a BOM.
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xff })), { maxLength: 64 }),
      fc.string({ unit: "binary", maxLength: 32 }).map((text) => [...new TextEncoder().encode(`\ufeff${text}`)]),
    );
    await fc.assert(
      fc.asyncProperty(bytes, async (sent) => {
        const body = Uint8Array.from(sent);
        const expected = (() => {
          try {
            return strict.decode(body);
          } catch {
            return undefined;
          }
        })();
        const read = readBodyText(new Request("http://localhost/api/x", { method: "POST", body }), 1000);
        if (expected === undefined) await expect(read).rejects.toMatchObject({ code: "BAD_REQUEST" });
        else await expect(read).resolves.toBe(expected);
      }),
    );
  });

  it("keeps valid multi-byte text split across chunks", async () => {
    const euro = new TextEncoder().encode('"€"');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(euro.subarray(0, 2));
        controller.enqueue(euro.subarray(2));
        controller.close();
      },
    });
    const request = new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBodyText(request, 100)).resolves.toBe('"€"');
  });

  it("gives up on a body that does not arrive within the deadline with 408, and stops reading it", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("[1,"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBodyText(request, 100, 50)).rejects.toMatchObject({ code: "REQUEST_TIMEOUT" });
    expect(cancelled).toBe(true);
  });
});
