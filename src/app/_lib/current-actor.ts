import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { resolveActor } from "~/server/auth/resolve-actor";

/**
 * Who is looking at the page, for server components. Cached per request, so the header, a layout and the page can
 * all ask without repeating the database round trips (the session alone: src/server/auth/request-session.ts).
 */
export const getCurrentActor = cache(async (): Promise<Actor | null> => {
  try {
    return await resolveActor(await headers());
  } catch (error) {
    // A page is not an API: a stray bad key header just means "not signed in".
    if (error instanceof AppError && error.code === "UNAUTHORIZED") return null;
    throw error;
  }
});

/** The caller, or a redirect to the sign-in page. */
export async function requireSignedIn(): Promise<Actor> {
  const actor = await getCurrentActor();
  if (!actor) redirect("/sign-in");
  return actor;
}
