"use client";

import NextLink from "next/link";
import { type ComponentProps, useState } from "react";

/**
 * Next's `<Link>`, prefetching its page when the reader shows intent — a pointer over it, focus, a touch — instead of
 * as soon as it scrolls into view. Every page of the app is dynamic (it reads the session), so each prefetch is a
 * server render of the target's layouts: a page with its header, its organization's tabs and a list asked the server
 * for 20–33 of them (two requests each) on every view, about half the server's CPU of a view, for links rarely taken.
 * Intent still starts the fetch a moment before the click. `prefetch={false}` stays off; any other value applies once
 * intent is shown. The only importer of `next/link` (eslint.layers.mjs).
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const [isIntended, setIntended] = useState(false);
  const showIntent = () => setIntended(true);
  return (
    <NextLink
      {...props}
      prefetch={isIntended ? prefetch : false}
      onMouseEnter={(event) => {
        showIntent();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        showIntent();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        showIntent();
        onTouchStart?.(event);
      }}
    />
  );
}
