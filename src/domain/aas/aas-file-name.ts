/**
 * The file name of a passport's AAS download, the same for the JSON environment and the AASX package
 * (docs/aas.md §Export): the passport's name (the model's), sanitized to letters, digits, `.`, `_` and `-` so every
 * file system and the `Content-Disposition` header take it as is, then its version (`-v3`, an item's `-v3.2`), then
 * the format's extension. Before, the AASX was named by the owner's UUID and the JSON by the name alone.
 */
export function aasFileName(name: string, version: string, format: "json" | "aasx"): string {
  const base =
    name
      // Accents become their letter (é → e), other marks and symbols a hyphen.
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[^\w.-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 60)
      .replace(/[-.]+$/, "") || "passport";
  return `${base}-v${version.replace(/[^\w.-]+/g, "-")}.${format === "json" ? "aas.json" : "aasx"}`;
}
