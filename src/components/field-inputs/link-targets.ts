import { fieldValueProblem } from "~/domain/field-value";
import { isUuid } from "~/domain/uuid";

/**
 * Where a passport link's "Open" goes: an http(s) URL as it is; a UUID to that model in the current organization
 * (the platform has no public passport viewer yet, and a model from elsewhere simply shows the 404 page).
 * Only valid values get a link, so nothing like `javascript:` can ever become an href.
 */
export function passportLinkHref(value: string, organizationId: string): string | undefined {
  if (value === "" || fieldValueProblem({ type: "ProductPassportLink", options: {} }, value)) return undefined;
  return isUuid(value) ? `/orgs/${organizationId}/models/${value.toLowerCase()}` : value;
}

/** A file's link: only http(s) URLs; a relative reference names a file in a store this app does not serve. */
export function fileHref(value: string): string | undefined {
  if (value === "" || fieldValueProblem({ type: "FileField", options: {} }, value)) return undefined;
  return /^https?:\/\//i.test(value) ? value : undefined;
}
