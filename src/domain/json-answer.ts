/**
 * An answer whose JSON text is already written (a model's or an item's, straight from its read's rows:
 * services/internal/owner-answer.ts), with the version that is its ETag. The REST wrapper sends the text as the
 * response body as it is, so an answer of 100,000 values costs the app one string, not 100,000 objects serialized
 * by a generic walker (docs/api.md, Lists and ranges in answers).
 */
export class JsonAnswer {
  constructor(
    readonly text: string,
    readonly version: number,
  ) {}
}
