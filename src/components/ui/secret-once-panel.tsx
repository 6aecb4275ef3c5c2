"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export type SecretOncePanelProps = {
  title: ReactNode;
  /** Why this is the only showing, and what to do with the secret. */
  children: ReactNode;
  /** The secret's label, e.g. "Secret link". */
  label: string;
  secret: string;
  /** What the secret is ("the key is selected", "Done, hide the link"); the catalogues word each in every language. */
  kind: "key" | "link";
  copyLabel?: string;
  onDone: () => void;
};

/**
 * The one showing of a new secret (an API key's token, an access grant's link), with a copy button. The server keeps
 * only a hash of it, so it lives in the caller's state alone; focus moves to it so it can be copied at once.
 */
export function SecretOncePanel({ title, children, label, secret, kind, copyLabel, onDone }: SecretOncePanelProps) {
  const t = useTranslations("ui");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [secret]);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyState("copied");
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the text stays selectable by hand.
      inputRef.current?.select();
      setCopyState("failed");
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <h3 id={`${inputId}-heading`} className="font-semibold text-emerald-900">
        {title}
      </h3>
      <p className="text-sm text-emerald-900">{children}</p>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-emerald-950">
          {label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input ref={inputRef} id={inputId} readOnly value={secret} className="font-mono" spellCheck={false} />
          <Button variant="secondary" onClick={onCopy}>
            {copyLabel ?? t("copy")}
          </Button>
        </div>
        <p aria-live="polite" className="min-h-5 text-sm text-emerald-900">
          {copyState === "copied" ? t("copied") : null}
          {copyState === "failed" ? t("copyFailed", { kind }) : null}
        </p>
      </div>
      <Button variant="ghost" size="sm" className="-ml-3" onClick={onDone}>
        {t("hideSecret", { kind })}
      </Button>
    </section>
  );
}
