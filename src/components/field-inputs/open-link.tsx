export type OpenLinkProps = { href: string; fieldName: string };

/** "Open" for a field's link, in a new tab so an editor with unsaved changes stays as it is. */
export function OpenLink({ href, fieldName }: OpenLinkProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      Open
      <span aria-hidden="true">↗</span>
      <span className="sr-only"> {fieldName} (opens in a new tab)</span>
    </a>
  );
}
