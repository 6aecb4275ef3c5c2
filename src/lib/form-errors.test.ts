import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formErrorsFromTrpc, formErrorsFromZod } from "~/lib/form-errors";
import { setNetworkFailureText } from "~/lib/trpc-error-info";
import en from "../../messages/en.json";

const FIELDS = ["name", "description"] as const;

function refused(message: string, issues?: { path: string; message: string }[]) {
  return TRPCClientError.from({ error: { code: -32600, message, data: { code: "BAD_REQUEST", httpStatus: 400, issues } } });
}

describe("formErrorsFromZod", () => {
  it("keeps the first message per field and gives the rest to the form", () => {
    const result = z
      .object({ name: z.string().min(3, { error: "Too short" }).max(1, { error: "Too long" }), other: z.number() })
      .safeParse({ name: "ab", other: "x" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(formErrorsFromZod(result.error, FIELDS)).toEqual({ fields: { name: "Too short" }, form: expect.any(String) });
  });
});

describe("formErrorsFromTrpc", () => {
  it("places issues at the form's fields, also when the procedure wraps the form's body", () => {
    const error = refused("2 problems", [
      { path: "$.name", message: "Name must not be empty" },
      { path: "$.model.description", message: "Description is too long" },
      { path: "$.templateId", message: "Give exactly one" },
    ]);
    expect(formErrorsFromTrpc(error, FIELDS)).toEqual({
      fields: { name: "Name must not be empty", description: "Description is too long" },
      form: "Give exactly one",
    });
  });

  it("gives a message without issues to the field it is about, else to the form", () => {
    expect(formErrorsFromTrpc(refused("No user x@y.z."), FIELDS, "name")).toEqual({ fields: { name: "No user x@y.z." } });
    expect(formErrorsFromTrpc(refused("Forbidden"), FIELDS)).toEqual({ fields: {}, form: "Forbidden" });
  });

  it("says the server was not reached when there is no answer, in the words TrpcProvider set", () => {
    setNetworkFailureText(en.errors.network);
    expect(formErrorsFromTrpc(new TypeError("Failed to fetch"), FIELDS, "name")).toEqual({
      fields: {},
      form: "Could not reach the server. Check your connection and try again.",
    });
  });
});
