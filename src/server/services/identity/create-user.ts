import { APIError } from "better-auth/api";
import type { z } from "zod";
import { AppError } from "~/domain/app-error";
import type { ZCreateUser } from "~/domain/identity-schemas";
import { getAuth } from "~/server/auth/auth";
import { getDb } from "~/server/db/client";

export type CreateUserOptions = z.infer<typeof ZCreateUser>;

/**
 * Creates a user with an email and password sign-in, through better-auth so the password is hashed its way. Only
 * operators create users this way (CLI `user:create`, the demo seed): they vouch for the address, so it counts as
 * verified at once, and no verification mail is sent (see src/server/mail/verification-mail.ts).
 */
export async function createUser({ email, password, name }: CreateUserOptions) {
  try {
    const result = await getAuth().api.signUpEmail({
      body: { email, password, name: name ?? email.split("@")[0] ?? email },
    });
    await getDb().user.update({ where: { id: result.user.id }, data: { emailVerified: true } });
    return { id: result.user.id, email: result.user.email };
  } catch (error) {
    if (error instanceof APIError && error.status === "UNPROCESSABLE_ENTITY") {
      throw new AppError("CONFLICT", `A user with the email ${email} already exists.`);
    }
    throw error;
  }
}
