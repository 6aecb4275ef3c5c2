import { AppError } from "~/domain/app-error";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";

export const NDJSON_TYPE = "application/x-ndjson";

/** Whether the caller asked for a streamed answer (`Accept: application/x-ndjson`). */
export function wantsNdjson(headers: Headers): boolean {
  return (headers.get("accept") ?? "").toLowerCase().includes(NDJSON_TYPE);
}

/**
 * A long write's answer as NDJSON, one JSON object a line (docs/spreadsheets.md, Progress): `work` runs at once and
 * reports its progress through `progress`, each report a line as it happens; the last line is
 * `{"type":"outcome","status":…,"body":…}`, the status and body the plain JSON answer would have had (201 and the
 * report, or the error's status and problem body). The answer itself is 200 once the first line is sent: a failure
 * after that can only be told in the outcome line.
 */
export function ndjsonProgressResponse<P extends object>(
  work: (progress: (line: P) => void) => Promise<{ status: number; body: unknown }>,
): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => {
        // A caller gone away does not stop the write, as with the plain answer: the line is dropped.
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // The stream was cancelled.
        }
      };
      let outcome: { status: number; body: unknown };
      try {
        outcome = await work(send);
      } catch (error) {
        const response = error instanceof AppError ? errorResponse(error) : unexpectedErrorResponse(error);
        outcome = { status: response.status, body: await response.json() };
      }
      send({ type: "outcome", ...outcome });
      try {
        controller.close();
      } catch {
        // Cancelled already.
      }
    },
  });
  return new Response(stream, {
    status: 200,
    // no-transform: a proxy must not hold the lines back to compress them.
    headers: { "content-type": `${NDJSON_TYPE}; charset=utf-8`, "cache-control": "no-store, no-transform" },
  });
}
