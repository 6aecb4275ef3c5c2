import { AppError } from "~/domain/app-error";
import { parseTemplateDefinition, type TemplateDefinition } from "~/domain/template-definition";

/** Validates a whole template or product data model definition, reporting every problem at once. */
export function parseDefinitionOrThrow(input: unknown, what: string): TemplateDefinition {
  const parsed = parseTemplateDefinition(input);
  if (!parsed.ok) {
    const count = parsed.issues.length;
    throw new AppError("VALIDATION", `The ${what} is invalid (${count} problem${count === 1 ? "" : "s"}).`, parsed.issues);
  }
  return parsed.value;
}
