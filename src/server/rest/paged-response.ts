/**
 * A page of a list as REST answers it: the entries as a JSON array, and the next page as an RFC 8288 link
 * (`Link: </api/…?cursor=…>; rel="next"`, absent on the last page). The request's other query parameters
 * (limit, filters) are kept in the link, so following it is all a client does. tRPC keeps `{items, nextCursor}`.
 */
export class PagedResult<T> {
  constructor(
    readonly items: T[],
    readonly nextCursor: string | null,
  ) {}

  static of<T>(page: { items: T[]; nextCursor: string | null }): PagedResult<T> {
    return new PagedResult(page.items, page.nextCursor);
  }
}

export function pagedResponse(page: PagedResult<unknown>, requestUrl: string): Response {
  const headers = new Headers();
  if (page.nextCursor !== null) {
    const url = new URL(requestUrl);
    url.searchParams.set("cursor", page.nextCursor);
    headers.set("Link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return Response.json(page.items, { headers });
}
