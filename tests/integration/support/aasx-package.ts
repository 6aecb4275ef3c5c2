import { strToU8, zipSync } from "fflate";

/**
 * A minimal AASX package (OPC) around one environment, as AASX Package Explorer writes it: content types, the
 * package relationships to `aasx/aasx-origin`, and its relationship to the environment part.
 */
export function aasxPackage(environment: string, options: { environmentPart?: string } = {}): Uint8Array {
  const part = options.environmentPart ?? "aasx/data.json";
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />' +
        '<Default Extension="json" ContentType="application/json" /><Default Extension="xml" ContentType="text/xml" />' +
        '<Override PartName="/aasx/aasx-origin" ContentType="text/plain" /></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Type="http://admin-shell.io/aasx/relationships/aasx-origin" Target="/aasx/aasx-origin" Id="R1" /></Relationships>',
    ),
    "aasx/aasx-origin": strToU8("Intentionally empty."),
    "aasx/_rels/aasx-origin.rels": strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Type="http://admin-shell.io/aasx/relationships/aas-spec" Target="/${part}" Id="R2" /></Relationships>`,
    ),
    [part]: strToU8(environment),
  });
}
