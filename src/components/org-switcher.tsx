"use client";

import { Link } from "~/components/ui/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";

export type OrgSwitcherProps = { organizations: { id: string; name: string }[] };

/**
 * The organization switcher: a disclosure button revealing a list of links (not an ARIA menu, so plain Tab and
 * Enter work as on any list of links). Closes on Escape, on a click elsewhere and after navigating.
 */
export function OrgSwitcher({ organizations }: OrgSwitcherProps) {
  const t = useTranslations("orgSwitcher");
  const pathname = usePathname();
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const currentId = /^\/orgs\/([^/]+)/.exec(pathname)?.[1];
  const current = organizations.find((organization) => organization.id === currentId);

  // Closes after navigating; set while rendering (React's pattern for state that follows a prop), not in an effect.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setIsOpen(false);
  }

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  return (
    // Catches Escape bubbling up from the button and the links; the container itself is no control (jsx-a11y's docs
    // say to disable the rule for exactly this case).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={containerRef}
      className="relative min-w-0"
      onKeyDown={(event) => {
        if (event.key === "Escape" && isOpen) {
          setIsOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex h-8 max-w-full min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <span className="sr-only">{t("current")}</span>
        <span className="truncate">{current?.name ?? t("placeholder")}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
          <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </button>
      <div
        id={listId}
        hidden={!isOpen}
        className="absolute top-full left-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {organizations.length > 0 ? (
          <ul aria-label={t("listLabel")} className="max-h-72 overflow-y-auto">
            {organizations.map((organization) => {
              const isCurrent = organization.id === currentId;
              return (
                <li key={organization.id}>
                  <Link
                    href={`/orgs/${organization.id}`}
                    aria-current={isCurrent ? "true" : undefined}
                    className={cn(
                      "block truncate rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100",
                      isCurrent && "bg-brand-50 font-medium text-brand-800",
                    )}
                  >
                    {organization.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="px-3 py-2 text-sm text-slate-600">{t("none")}</p>
        )}
        <div className="mt-1 border-t border-slate-200 pt-1">
          <Link href="/organizations/new" className="block rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100">
            {t("new")}
          </Link>
        </div>
      </div>
    </div>
  );
}
