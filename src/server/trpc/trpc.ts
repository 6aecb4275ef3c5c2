/**
 * tRPC setup: the request context, error shaping, and the procedures every router builds on.
 *
 * - Context: the request headers and the caller, resolved by the same `resolveActor` the REST routes use (session
 *   cookie or `api_token` key), so both adapters always agree on who is calling.
 * - Errors: services throw `AppError`; a middleware on the base procedure turns it into a `TRPCError` through the
 *   one status table, and the formatter exposes its issues as `data.issues` for forms.
 * - Writes: cookie-authenticated mutations must come from our own pages (see same-origin.ts).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { resolveActor } from "~/server/auth/resolve-actor";
import { databaseBusyError } from "~/server/errors/database-busy";
import { assertNoCrossSiteWrite } from "~/server/auth/same-origin";
import { inputValidationMessage, isInputValidationError, isUnexpected, issuesOf, toTrpcError } from "~/server/trpc/error-shape";

export type TrpcContext = { headers: Headers; actor: Actor | null };

/** `calls`: how many procedure calls the HTTP request carries (a batch); each counts against an API key's limit. */
export async function createTrpcContext({ headers, calls = 1 }: { headers: Headers; calls?: number }): Promise<TrpcContext> {
  try {
    return { headers, actor: await resolveActor(headers, { requests: Math.max(1, calls) }) };
  } catch (error) {
    // An unknown or revoked key is a 401 for every procedure, not a 500 from a failed context; a database or Redis
    // that is away while the caller is resolved is a 503, as in REST.
    if (error instanceof AppError) throw toTrpcError(error);
    const unavailable = databaseBusyError(error);
    if (unavailable) throw toTrpcError(unavailable);
    throw error;
  }
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    if (isUnexpected(error)) {
      const errorId = crypto.randomUUID();
      console.error(`tRPC error ${errorId}`, error.cause ?? error);
      const message =
        error.code === "INTERNAL_SERVER_ERROR"
          ? `Something went wrong on our side (error id ${errorId}).`
          : `The request could not be processed (error id ${errorId}).`;
      return {
        ...shape,
        message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues: null },
      };
    }
    const found = issuesOf(error);
    const message = found && isInputValidationError(error) ? inputValidationMessage(found) : shape.message;
    const data = { ...shape.data, stack: undefined, issues: found?.issues ?? null };
    return { ...shape, message, data: found?.moreIssues ? { ...data, moreIssues: found.moreIssues } : data };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const convertAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) throw toTrpcError(cause);
  // A database too busy to start the work is a 503 with Retry-After, as in REST — not our bug.
  const busy = databaseBusyError(cause);
  if (busy) throw toTrpcError(busy);
  return result;
});

const refuseCrossSiteWrites = t.middleware(({ ctx, type, next }) => {
  assertNoCrossSiteWrite(ctx.headers, { isWrite: type === "mutation" });
  return next();
});

export const publicProcedure = t.procedure.use(convertAppErrors).use(refuseCrossSiteWrites);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) {
    throw new TRPCError({
      code: "UNAUTHORIZED",
      message: "Authentication required: sign in, or send an API key in the api_token header.",
    });
  }
  return next({ ctx: { actor: ctx.actor } });
});
