import { TRPCClientError } from "@trpc/client";
import type { Issue } from "~/domain/app-error";
import type { AppRouter } from "~/server/trpc/_app";

export type TrpcErrorInfo = {
  /** The tRPC code (`PRECONDITION_FAILED`, `NOT_FOUND`, …); undefined when the server was not reached. */
  code: string | undefined;
  message: string;
  issues: Issue[];
};

// The generic message of a network failure, in the member's language: the catalogue's `errors.network`, set by
// TrpcProvider when it renders (before any call can fail), since this function runs in event handlers, not hooks.
let networkFailureText = "";

export function setNetworkFailureText(text: string): void {
  networkFailureText = text;
}

/** What a failed tRPC call says, in one shape: a network failure has no code and a generic message. */
export function trpcErrorInfo(error: unknown): TrpcErrorInfo {
  if (!(error instanceof TRPCClientError)) return { code: undefined, message: networkFailureText, issues: [] };
  const data = (error as TRPCClientError<AppRouter>).data;
  if (!data) return { code: undefined, message: networkFailureText, issues: [] };
  return { code: data.code, message: error.message, issues: data.issues ?? [] };
}
