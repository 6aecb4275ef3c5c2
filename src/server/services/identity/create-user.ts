import { APIError } from "better-auth/api";
import type { z } from "zod";
import { AppError } from "~/domain/app-error";
import type { ZCreateUser } from "~/domain/identity-schemas";
import { getAuth } from "~/server/auth/auth";


export type CreateUserOptions = z.infer<typeof ZCreateUser>;

/** Creates a user with an email and password sign-in, through better-auth so the password is hashed its way. */
export async function createUser({ email, password, name }: CreateUserOptions) {
  try {
    const result = await getAuth().api.signUpEmail({
      body: { email, password, name: name ?? email.split("@")[0] ?? email },
    });
    return { id: result.user.id, email: result.user.email };
  } catch (error) {
    if (error instanceof APIError && error.status === "UNPROCESSABLE_ENTITY") {
      throw new AppError("CONFLICT", `A user with the email ${email} already exists.`);
    }
    throw error;
  }
}
