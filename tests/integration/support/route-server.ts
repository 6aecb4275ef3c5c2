import { createServer, type Server } from "node:http";
import { dispatch } from "./http";

/**
 * The app's REST route handlers behind a real HTTP server on 127.0.0.1, for clients that speak HTTP themselves
 * (such as `@open-dpp/api-client`, which uses axios): each request is turned into a fetch Request and dispatched
 * like Next would, and the Response is written back as it is.
 */
export async function startRouteServer(port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      void (async () => {
        const url = new URL(incoming.url ?? "/", `http://127.0.0.1:${port}`);
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === "string") headers.set(name, value);
          else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        }
        const body = Buffer.concat(chunks);
        const request = new Request(url, { method: incoming.method, headers, body: body.length > 0 ? body : undefined });
        const response = await dispatch(request, url.pathname);
        outgoing.statusCode = response.status;
        response.headers.forEach((value, name) => outgoing.setHeader(name, value));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })().catch((error: unknown) => {
        outgoing.statusCode = 500;
        outgoing.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
