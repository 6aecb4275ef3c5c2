import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";

/** A user named by id or by email, as operators and members type them. */
export async function findUser(emailOrId: string) {
  const key = emailOrId.trim();
  const user = await getDb().user.findFirst({
    where: key.includes("@") ? { email: key.toLowerCase() } : { id: key },
    select: { id: true, email: true, name: true },
  });
  if (!user) throw new AppError("NOT_FOUND", `No user ${key}.`);
  return user;
}
