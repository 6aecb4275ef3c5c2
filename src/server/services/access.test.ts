import { describe, expect, it } from "vitest";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TApiKeyScope, TMemberRole } from "~/domain/roles";
import { assertMayDo, effectiveRole, OPERATION_ROLES, type Operation } from "~/server/services/access";

const ORG = "00000000-0000-4000-8000-000000000001";

function actor(role: TMemberRole, scope?: TApiKeyScope): Actor {
  return { userId: "u", organizationIds: [ORG], roles: { [ORG]: role }, via: scope ? "apiKey" : "session", scope };
}

function refusal(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("FORBIDDEN");
    return (error as AppError).message;
  }
}

describe("assertMayDo", () => {
  it("allows each operation from its role up and refuses below, naming the role it needs", () => {
    const order: TMemberRole[] = ["viewer", "editor", "admin", "owner"];
    for (const [operation, needed] of Object.entries(OPERATION_ROLES) as [Operation, TMemberRole][]) {
      for (const role of order) {
        const message = refusal(() => assertMayDo(actor(role), ORG, operation));
        if (order.indexOf(role) >= order.indexOf(needed)) expect(message, `${role} ${operation}`).toBeUndefined();
        else expect(message).toMatch(new RegExp(`needs the ${needed} role or above; your role in this organization is ${role}`));
      }
    }
  });

  it("acts for a key with the lower of its scope and its user's role, naming the scope when the scope is what stops it", () => {
    expect(effectiveRole(actor("owner", "read"), ORG)).toBe("viewer");
    expect(effectiveRole(actor("viewer", "admin"), ORG)).toBe("viewer");
    expect(effectiveRole(actor("owner", "admin"), ORG)).toBe("admin");
    expect(refusal(() => assertMayDo(actor("owner", "readings"), ORG, "writeData"))).toMatch(
      /needs an API key with the write scope; this key's scope is readings/,
    );
    expect(refusal(() => assertMayDo(actor("owner", "write"), ORG, "manageTemplates"))).toMatch(/admin scope/);
    expect(refusal(() => assertMayDo(actor("viewer", "admin"), ORG, "writeData"))).toMatch(/your role in this organization is viewer/);
    expect(refusal(() => assertMayDo(actor("owner", "read"), ORG, "read"))).toBeUndefined();
  });

  it("refuses a non-member as before", () => {
    const outsider: Actor = { userId: "u", organizationIds: [], roles: {}, via: "session" };
    expect(refusal(() => assertMayDo(outsider, ORG, "read"))).toMatch(/not a member/);
  });
});
