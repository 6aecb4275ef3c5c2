import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dispatch } from "./http";

export type RouteServerOptions = {
  /** Who answers a request: by default the REST routes support/http.ts lists (`dispatchAppRoute`: every route file). */
  dispatch?: (request: Request) => Promise<Response>;
  /** What the app's own server answers before Next (answerBeforeNext): true when it has answered. */
  answerBefore?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
};

/**
 * The app's route handlers behind a real HTTP server on 127.0.0.1, for clients that speak HTTP themselves (such as
 * `@open-dpp/api-client`, which uses axios, or raw requests with methods fetch refuses): each request is turned into
 * a fetch Request and dispatched like Next would, and the Response is written back as it is. Port 0 takes a free one.
 */
export async function startRouteServer(
  port: number,
  options: RouteServerOptions = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const answer = options.dispatch ?? ((request: Request) => dispatch(request));
  let origin = `http://127.0.0.1:${port}`;
  const server: Server = createServer((incoming, outgoing) => {
    if (options.answerBefore?.(incoming, outgoing)) return;
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      void (async () => {
        const url = new URL(incoming.url ?? "/", origin);
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === "string") headers.set(name, value);
          else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        }
        const body = Buffer.concat(chunks);
        const request = new Request(url, { method: incoming.method, headers, body: body.length > 0 ? body : undefined });
        const response = await answer(request);
        outgoing.statusCode = response.status;
        // Several Set-Cookie headers stay several (Headers joins them with commas otherwise).
        const cookies = response.headers.getSetCookie();
        response.headers.forEach((value, name) => {
          if (name !== "set-cookie") outgoing.setHeader(name, value);
        });
        if (cookies.length > 0) outgoing.setHeader("set-cookie", cookies);
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })().catch((error: unknown) => {
        outgoing.statusCode = 500;
        outgoing.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
