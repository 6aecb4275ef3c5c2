import { z } from "zod";

/**
 * The contract's error body (`ErrorBody` in src/server/rest/error-response.ts) as a schema for the OpenAPI document.
 * Both objects stay open (loose): clients must ignore keys they do not know, so a later addition such as a count of
 * issues left out of a capped list fits without breaking the document or the clients built from it.
 */
export const ZIssueBody = z
  .looseObject({
    path: z.string().meta({ description: 'Where the problem is, as a JSON path ("$.name", "$[3].value", "$query.limit").' }),
    message: z.string(),
    dataSectionId: z.string().optional().meta({ description: "For an issue about one data value: its section." }),
    dataFieldId: z.string().optional().meta({ description: "For an issue about one data value: its field." }),
    // The row as sent, so it may lie beyond the largest row (that can be the issue) or past 2^53.
    row: z.number().min(0).optional().meta({ description: "For an issue about one data value: its row, as sent." }),
    innerRows: z
      .array(z.number().min(0))
      .optional()
      .meta({ description: "For an issue about a value in a nested repeater: its rows below the outermost one." }),
    language: z.string().optional().meta({ description: "For an issue about one value of a multilingual field: its language." }),
  })
  .meta({ description: "One problem with the request." });

export const ZErrorBody = z
  .looseObject({
    statusCode: z.number().int().min(400).max(599).meta({ description: "The HTTP status, repeated." }),
    error: z.string().meta({ description: 'The status\'s reason phrase, e.g. "Not Found".' }),
    message: z.string().meta({ description: "What went wrong, for humans." }),
    issues: z.array(ZIssueBody).optional().meta({ description: "Each problem with the request, when there are several." }),
  })
  .meta({ description: "Every /api error answers with this body; only its message and issues vary." });
