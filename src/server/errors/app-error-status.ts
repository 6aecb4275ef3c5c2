import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { AppErrorCode } from "~/domain/app-error";

/** The one table from a service error to its HTTP status (REST) and tRPC code; both adapters read only this. */
export const APP_ERROR_STATUS: Record<AppErrorCode, { http: number; reason: string; trpc: TRPC_ERROR_CODE_KEY }> = {
  BAD_REQUEST: { http: 400, reason: "Bad Request", trpc: "BAD_REQUEST" },
  VALIDATION: { http: 400, reason: "Bad Request", trpc: "BAD_REQUEST" },
  UNAUTHORIZED: { http: 401, reason: "Unauthorized", trpc: "UNAUTHORIZED" },
  FORBIDDEN: { http: 403, reason: "Forbidden", trpc: "FORBIDDEN" },
  NOT_FOUND: { http: 404, reason: "Not Found", trpc: "NOT_FOUND" },
  METHOD_NOT_ALLOWED: { http: 405, reason: "Method Not Allowed", trpc: "METHOD_NOT_SUPPORTED" },
  CONFLICT: { http: 409, reason: "Conflict", trpc: "CONFLICT" },
  PRECONDITION_FAILED: { http: 412, reason: "Precondition Failed", trpc: "PRECONDITION_FAILED" },
  REQUEST_TIMEOUT: { http: 408, reason: "Request Timeout", trpc: "TIMEOUT" },
  PAYLOAD_TOO_LARGE: { http: 413, reason: "Payload Too Large", trpc: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, reason: "Unsupported Media Type", trpc: "UNSUPPORTED_MEDIA_TYPE" },
  TOO_MANY_REQUESTS: { http: 429, reason: "Too Many Requests", trpc: "TOO_MANY_REQUESTS" },
  SERVICE_UNAVAILABLE: { http: 503, reason: "Service Unavailable", trpc: "SERVICE_UNAVAILABLE" },
};
