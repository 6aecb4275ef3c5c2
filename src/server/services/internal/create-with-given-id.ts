import { AppError } from "~/domain/app-error";
import { Prisma } from "~/generated/prisma/client";

/**
 * Runs a create whose id the caller chose (imports keep the ids of their definition): an id that is already taken
 * is a conflict the caller can act on, not a server error.
 */
export async function createWithGivenId<T>(create: () => Promise<T>, takenMessage: string): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", takenMessage);
    }
    throw error;
  }
}
