import { notFound } from "next/navigation";
import { AppError } from "~/domain/app-error";
import { isUuid } from "~/domain/uuid";

/**
 * For server pages: a resource the service does not give the caller (NOT_FOUND, or FORBIDDEN for an organization
 * they are not in) renders the 404 page, so a page never reveals whether someone else's resource exists. An id
 * that is not even a UUID is not found either, without asking the database.
 */
export async function orNotFound<T>(id: string, load: (id: string) => Promise<T>): Promise<T> {
  if (!isUuid(id)) notFound();
  try {
    return await load(id.toLowerCase());
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "FORBIDDEN")) notFound();
    throw error;
  }
}
