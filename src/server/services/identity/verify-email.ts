import { APIError } from "better-auth/api";
import { AppError } from "~/domain/app-error";
import { getAuth } from "~/server/auth/auth";

export type VerifyEmailOptions = { token: string };

/** Marks the address in a verification link as verified; the token is better-auth's, signed and valid for 24 h. */
export async function verifyEmail({ token }: VerifyEmailOptions) {
  try {
    await getAuth().api.verifyEmail({ query: { token } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AppError("BAD_REQUEST", "This verification link is invalid or has expired. Sign in and ask for a new one.");
    }
    throw error;
  }
  return { isVerified: true };
}
