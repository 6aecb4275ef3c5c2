import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { stampPeerAddress } from "~/server/http/stamp-peer-address";

// A real socket: the server echoes the headers the app would see after the stamp.
const server = createServer((request, response) => {
  stampPeerAddress(request);
  response.end(JSON.stringify(request.headers));
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("replaces a peer address the client sent with the socket's, and leaves X-Forwarded-For to the app", async () => {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: { [PEER_ADDRESS_HEADER]: "198.51.100.1", "x-forwarded-for": "198.51.100.2" },
  });
  const headers = (await response.json()) as Record<string, string>;
  expect(headers[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
  expect(headers["x-forwarded-for"]).toBe("198.51.100.2");
});
