/**
 * An AASX package (IDTA-01005, Open Packaging Conventions) holding one AAS environment as JSON: `[Content_Types].xml`,
 * the package relationship to `aasx/aasx-origin`, and the origin's relationship (type aas-spec) to the environment
 * part. Built with fflate, in memory: an environment is at most a few megabytes.
 */
import { strToU8, zipSync } from "fflate";

export const AASX_MEDIA_TYPE = "application/asset-administration-shell-package+xml";
export const AASX_ENVIRONMENT_PART = "aasx/passport/passport.aas.json";

const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";

const CONTENT_TYPES = `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />
  <Default Extension="json" ContentType="application/json" />
  <Override PartName="/aasx/aasx-origin" ContentType="text/plain" />
</Types>
`;

const PACKAGE_RELATIONSHIPS = `<?xml version="1.0" encoding="utf-8"?>
<Relationships xmlns="${RELATIONSHIPS_NS}">
  <Relationship Type="http://admin-shell.io/aasx/relationships/aasx-origin" Target="/aasx/aasx-origin" Id="rOrigin" />
</Relationships>
`;

const ORIGIN_RELATIONSHIPS = `<?xml version="1.0" encoding="utf-8"?>
<Relationships xmlns="${RELATIONSHIPS_NS}">
  <Relationship Type="http://admin-shell.io/aasx/relationships/aas-spec" Target="/${AASX_ENVIRONMENT_PART}" Id="rSpec" />
</Relationships>
`;

export function aasxPackage(environment: unknown): Uint8Array {
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(PACKAGE_RELATIONSHIPS),
      "aasx/aasx-origin": strToU8("Intentionally empty."),
      "aasx/_rels/aasx-origin.rels": strToU8(ORIGIN_RELATIONSHIPS),
      [AASX_ENVIRONMENT_PART]: strToU8(JSON.stringify(environment)),
    },
    { level: 6, mtime: new Date("2026-01-01T00:00:00Z") },
  );
}
