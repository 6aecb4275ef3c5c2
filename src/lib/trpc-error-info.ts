import { TRPCClientError } from "@trpc/client";
import type { Issue } from "~/domain/app-error";
import type { AppRouter } from "~/server/trpc/_app";

export type TrpcErrorInfo = {
  /** The tRPC code (`PRECONDITION_FAILED`, `NOT_FOUND`, …); undefined when the server was not reached. */
  code: string | undefined;
  message: string;
  issues: Issue[];
};

/** What a failed tRPC call says, in one shape: a network failure has no code and a generic message. */
export function trpcErrorInfo(error: unknown): TrpcErrorInfo {
  if (!(error instanceof TRPCClientError)) {
    return { code: undefined, message: "Could not reach the server. Check your connection and try again.", issues: [] };
  }
  const data = (error as TRPCClientError<AppRouter>).data;
  if (!data) {
    return { code: undefined, message: "Could not reach the server. Check your connection and try again.", issues: [] };
  }
  return { code: data.code, message: error.message, issues: data.issues ?? [] };
}
