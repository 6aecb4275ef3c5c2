import type { IncomingMessage } from "node:http";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";

/**
 * Records the socket's remote address on a request as it enters the app's HTTP server (scripts/serve-next.ts),
 * replacing any value the client sent under that name: the one address in a request a client cannot choose.
 */
export function stampPeerAddress(request: IncomingMessage): void {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
}
