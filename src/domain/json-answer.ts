/**
 * An answer whose JSON text is already written (by the database: answered-values-sql.ts), with the version that is
 * its ETag. The REST wrapper sends the text as the response body as it is — no parse, no second serialization — so
 * an answer of 100,000 values costs the app one string, not 100,000 objects (docs/api.md, Lists and ranges in answers).
 */
export class JsonAnswer {
  constructor(
    readonly text: string,
    readonly version: number,
  ) {}
}
